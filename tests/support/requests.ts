let counter = 0;

/** A distinct client address per request, so the per-address rate limits stay out of the way. */
export function nextAddress(): string {
  counter += 1;
  return `203.0.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export interface RequestOptions {
  lang?: 'ru' | 'en';
  headers?: Record<string, string>;
  address?: string;
  method?: string;
}

/** A JSON POST to a route handler as Next would hand it over. */
export function jsonRequest(path: string, body: unknown, options: RequestOptions = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Accept-Language': options.lang ?? 'ru',
      'X-Forwarded-For': options.address ?? nextAddress(),
      host: 'localhost:3000',
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** An HTML form post (urlencoded). */
export function formRequest(path: string, fields: Record<string, string>, options: RequestOptions = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Accept-Language': options.lang ?? 'ru',
      'X-Forwarded-For': options.address ?? nextAddress(),
      host: 'localhost:3000',
      ...options.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function getRequest(path: string, options: RequestOptions = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    headers: { 'Accept-Language': options.lang ?? 'ru', host: 'localhost:3000', ...options.headers },
  });
}
