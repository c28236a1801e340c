/**
 * The idempotency key of one send of a form (docs/decisions/036): made when the form is first sent
 * with these values, the same for every retry of them (pressed again, or when the connection comes
 * back), so that a retry whose first answer was lost never makes a second lead. A change in what is
 * sent is another send, with a new key; the key is dropped once the server has answered.
 */
export class SendKey {
  private current: { key: string; sent: string } | undefined;

  /** The key for sending `values` (their JSON): the pending send's if these are its values. */
  for(values: unknown): string {
    const sent = JSON.stringify(values);
    if (this.current?.sent !== sent) this.current = { key: randomKey(), sent };
    return this.current.key;
  }

  /** The server answered the send (taken or refused): a later send is a new one. */
  answered(): void {
    this.current = undefined;
  }
}

/** 128 random bits in base64url (22 characters; the server takes 16 to 100 of `[A-Za-z0-9_-]`). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
