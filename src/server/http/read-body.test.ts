import { describe, expect, it } from 'vitest';
import { readBody } from './read-body';

const post = (body: string, type?: string) => new Request('http://localhost:3000/api/auth/auth', { method: 'POST', headers: type === undefined ? {} : { 'content-type': type }, body });

describe('readBody', () => {
  it('reads JSON only from a JSON content type; text/plain (which another site can send unasked) is 415', async () => {
    const json = '{"email":"a@example.com","pw":"x"}';
    expect(await readBody(post(json, 'application/json'))).toMatchObject({ ok: true, form: false, body: { email: 'a@example.com' } });
    expect(await readBody(post(json, 'application/json; charset=utf-8'))).toMatchObject({ ok: true });
    expect(await readBody(post(json, 'application/merge-patch+json'))).toMatchObject({ ok: true });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'multipart/form-data; boundary=x', 'application/jsonx', '']) {
      expect(await readBody(post(json, type)), type).toEqual({ ok: false, reason: 'unsupportedMediaType' });
    }
    const untyped = new Request('http://localhost:3000/api/auth/auth', { method: 'POST', body: new Blob([json]) });
    expect(await readBody(untyped)).toEqual({ ok: false, reason: 'unsupportedMediaType' });
    expect(await readBody(post('email=a%40example.com', 'application/x-www-form-urlencoded'))).toMatchObject({ ok: true, form: true, body: { email: 'a@example.com' } });
  });
});
