import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.mjs';

describe('readCookie', () => {
  it('finds a cookie by its exact name among the others, spaces trimmed', () => {
    const header = 'i18n_redirected=en;  desk_session = abc.def ; __Host-login_device=x=y';
    expect(readCookie(header, 'i18n_redirected')).toBe('en');
    expect(readCookie(header, 'desk_session')).toBe('abc.def');
    // A value may hold '=': only the first one ends the name.
    expect(readCookie(header, '__Host-login_device')).toBe('x=y');
  });

  it('does not take a cookie whose name only contains or ends with the one asked for', () => {
    expect(readCookie('my_desk_session=1; desk_session_old=2', 'desk_session')).toBeUndefined();
  });

  it('answers undefined for a missing header, a missing cookie, an empty value or a part without a name', () => {
    expect(readCookie(undefined, 'a')).toBeUndefined();
    expect(readCookie(null, 'a')).toBeUndefined();
    expect(readCookie('b=1', 'a')).toBeUndefined();
    expect(readCookie('a=; b=1', 'a')).toBeUndefined();
    expect(readCookie('=a; a', 'a')).toBeUndefined();
  });

  it('takes the first of two cookies of one name', () => {
    expect(readCookie('a=1; a=2', 'a')).toBe('1');
  });
});
