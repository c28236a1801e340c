/**
 * An answer given before its request's body was read whole (a 413 for a body over the cap, a
 * redirect or a probe answered to a post) leaves the connection out of step: the client may stop
 * sending the rest (RFC 9112 §9.3), and then the next request it sends on that connection would be
 * read as the rest of this body, and hang. Such an answer says `Connection: close`; the rest of
 * the body is read and dropped for at most `UNREAD_BODY_LINGER_MS` before the answer ends and the
 * connection closes, so that the close is clean (a close with unread bytes is a reset, which can
 * cost the client the answer itself) and a client that keeps sending cannot hold the socket
 * (docs/decisions/052-the-edge.md).
 */
const UNREAD_BODY_LINGER_MS = 2_000;

/**
 * Whether a request carries a body (a declared length above 0, or a chunked one).
 * @param {import('node:http').IncomingMessage} req
 */
export function hasBody(req) {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads and drops the rest of `req`'s body, then calls `done` once: when the body ended, the
 * client went away, or `lingerMs` passed.
 * @param {import('node:http').IncomingMessage} req
 * @param {() => void} done
 */
export function afterRestOfBody(req, done, lingerMs = UNREAD_BODY_LINGER_MS) {
  if (req.complete || req.destroyed) {
    done();
    return;
  }
  let called = false;
  const finish = () => {
    if (called) return;
    called = true;
    clearTimeout(timer);
    done();
  };
  const timer = setTimeout(finish, lingerMs);
  req.once('end', finish);
  req.once('close', finish);
  req.resume();
}
