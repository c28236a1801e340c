// @ts-check
import { Agent, request } from 'node:http';
import { connect } from 'node:net';

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
 * streams the answers back (docs/decisions/013). The edge's own headers (security headers, CSP,
 * Cache-Control) are set on `res` before; the app's headers of the same name take their place,
 * as they did when Next.js ran inside the edge.
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
     */
    forward(req, res, path, fail) {
      const upstream = request({ socketPath, agent, method: req.method, path, headers: endToEnd(req.headers) }, (answer) => {
        for (const [name, value] of Object.entries(endToEnd(answer.headers))) if (value !== undefined) res.setHeader(name, value);
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      });
      let clientGone = false;
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
