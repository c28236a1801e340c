import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterRestOfBody } from './unread-body.mjs';

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection and are not forwarded. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);

/** @param {import('node:http').IncomingHttpHeaders} headers */
function endToEnd(headers) {
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

/**
 * Forwards requests to the Next.js process on `socketPath` over kept-alive connections and
 * streams the answers back (docs/decisions/052). The edge's own headers (security headers, CSP,
 * Cache-Control) are set on `res` before; the app's headers of the same name take their place,
 * as they did when Next.js ran inside the edge, except those named in `own` (a page's
 * Cache-Control: Next.js marks its RSC payloads `s-maxage=31536000`, which a shared cache would
 * keep for a year per `?_rsc=` value).
 * An answer that comes before the request's body was sent whole (a body over the cap, refused
 * unread) closes the client's connection after it (./unread-body.mjs), and the forwarded request
 * is dropped rather than left half-sent on a kept-alive connection to the app.
 * @param {string} socketPath
 */
export function appProxy(socketPath) {
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64 });
  return {
    /**
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:http').ServerResponse} res
     * @param {string} path the request target to send (routed by the edge)
     * @param {(error: unknown) => void} fail answers a request the app could not take
     * @param {ReadonlySet<string>} [own] headers (lower case) the edge set that the app's do not replace
     */
    forward(req, res, path, fail, own) {
      /** Set once an error of the forwarded request is no failure to answer (the client left, or the app answered). */
      let clientGone = false;
      const upstream = request({ socketPath, agent, method: req.method, path, headers: endToEnd(req.headers) }, (answer) => {
        for (const [name, value] of Object.entries(endToEnd(answer.headers))) if (value !== undefined && !own?.has(name)) res.setHeader(name, value);
        const early = !req.complete;
        if (early) res.setHeader('Connection', 'close');
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
        answer.pipe(res, { end: !early });
        answer.on('error', () => res.destroy());
        if (early) {
          answer.once('end', () => {
            // The app has answered: the rest of the body goes nowhere, and this connection to the
            // app, its request unfinished, is not reused.
            clientGone = true;
            if (!upstream.writableFinished) {
              req.unpipe(upstream);
              upstream.destroy();
            }
            afterRestOfBody(req, () => res.end());
          });
        }
      });
      upstream.on('error', (error) => {
        if (!clientGone) fail(error);
      });
      // A client that goes away mid-request (a prefetch cut short by a navigation) takes the
      // forwarded request with it; that is no failure of ours.
      res.on('close', () => {
        if (res.writableFinished) return;
        clientGone = true;
        upstream.destroy();
      });
      req.pipe(upstream);
    },
    /**
     * A protocol upgrade (the development server's hot reload socket): the raw bytes both ways.
     * @param {import('node:http').IncomingMessage} req
     * @param {import('node:stream').Duplex} socket
     * @param {Buffer} head
     */
    upgrade(req, socket, head) {
      const app = connect(socketPath, () => {
        const lines = [`${req.method} ${req.url} HTTP/1.1`];
        for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
        app.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) app.write(head);
        socket.pipe(app).pipe(socket);
      });
      const close = () => {
        app.destroy();
        socket.destroy();
      };
      app.on('error', close);
      socket.on('error', close);
    },
    close() {
      agent.destroy();
    },
  };
}
