// The server's public JSON API (/api/..., documented at /api/openapi.json):
// the only way the client talks to the server, as bots do.

/** An error answer of the API: status, stable code and message for people. */
export class APIError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Sends one request; resolves to the decoded JSON answer or rejects with an APIError. */
export async function api(method, path, body) {
  const opts = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  let r;
  try {
    r = await fetch('/api' + path, opts);
  } catch (e) {
    throw new APIError(0, 'network', 'the server cannot be reached: ' + e.message);
  }
  const text = await r.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (!r.ok) {
    const err = data && data.error;
    throw new APIError(r.status, err ? err.code : 'http_' + r.status, err ? err.message : r.status + ' ' + r.statusText);
  }
  return data;
}

export const get = (path) => api('GET', path);
export const post = (path, body) => api('POST', path, body === undefined ? {} : body);
export const del = (path) => api('DELETE', path);

/** Games of the lobby and their details. */
export const games = {
  list: (query) => get('/games' + (query ? '?' + new URLSearchParams(query) : '')),
  get: (id) => get('/games/' + id),
  create: (spec) => post('/games', spec),
  join: (id, body) => post('/games/' + id + '/join', body || {}),
  leave: (id) => post('/games/' + id + '/leave'),
  putBot: (id, seat, kind) => post('/games/' + id + '/seats/' + seat + '/bot', kind ? { kind } : {}),
  removeBot: (id, seat) => del('/games/' + id + '/seats/' + seat + '/bot'),
  legal: (id) => get('/games/' + id + '/legal'),
  act: (id, seq, type, args, window) => post('/games/' + id + '/actions', window ? { seq, type, args, window } : { seq, type, args }),
  log: (id, from) => get('/games/' + id + '/log' + (from ? '?from=' + from : '')),
  history: (id, seq) => get('/games/' + id + '/history/' + seq),
  messages: (id, after) => get('/games/' + id + '/messages' + (after ? '?after=' + after : '')),
  send: (id, to, body) => post('/games/' + id + '/messages', { to, body }),
  channels: (id) => get('/games/' + id + '/channels'),
  markRead: (id, channel, upTo) => post('/games/' + id + '/read', { channel, up_to: upTo }),
  votes: (id) => get('/games/' + id + '/votes'),
  vote: (id, kind, value) => post('/games/' + id + '/votes', { kind, value }),
  invite: (id) => get('/games/' + id + '/invite'),
  newInvite: (id) => post('/games/' + id + '/invite'),
  takeover: (id, seat, bot) => post('/games/' + id + '/takeover', bot ? { seat, bot: true } : { seat }),
};
