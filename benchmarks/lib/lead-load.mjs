// The load the lead benchmarks send: buy/demo posts, each from its own client address (the
// server trusts one proxy), numbered so a benchmark can match what was accepted to what the Bot
// API stand-in received (the text carries `${tag}-${serial}`).

/**
 * One numbered lead post: headers and JSON body, from a client address of its own.
 * @param {string} tag @param {number} serial
 * @returns {{ method: 'POST'; headers: Record<string, string>; body: string }}
 */
export function leadPost(tag, serial) {
  // A different client address per request: measure the lead path, not the per-address limit.
  const address = `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en', 'x-forwarded-for': address },
    body: JSON.stringify({
      t: 'btn_demo',
      lang: 'en',
      name: `Load ${tag}-${serial}`,
      phone: '+79123456789',
      email: `${tag}${serial}@example.com`,
      t_client: 1,
      flag_check_not_business: false,
      yandex_metrica_client_id: '',
      // The visitor's consent to the processing of personal data: the server refuses a lead without it.
      consent: true,
    }),
  };
}

/**
 * autocannon `requests` for numbered lead posts (closed-model load: as fast as the connections go).
 * @param {string} tag marks the leads of one benchmark (e.g. 'bench', 'flood')
 * @param {Set<string>} accepted receives the serial of every lead answered 200
 * @param {{ serial: number }} [counter] the numbering, shared by the stages of one benchmark so that
 *   no two of its leads carry the same serial
 * @returns {import('autocannon').Request[]}
 */
export function leadRequests(tag, accepted, counter = { serial: 0 }) {
  return [
    {
      method: 'POST',
      /** @param {import('autocannon').Request} request @param {{ serial?: number }} context */
      setupRequest(request, context) {
        counter.serial += 1;
        context.serial = counter.serial;
        return { ...request, ...leadPost(tag, counter.serial) };
      },
      /** @param {number} status @param {string} _body @param {{ serial?: number }} context */
      onResponse(status, _body, context) {
        if (status === 200) accepted.add(String(context.serial));
      },
    },
  ];
}
