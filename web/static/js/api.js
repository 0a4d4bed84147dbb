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

// The seat each game's requests act as, by game id, for an account that
// holds several seats of a game (Here I Stand with 3 to 5 players): every
// request about the game names it (?seat=). A game without one acts as the
// seat the server picks (the account's first; for an action, the one that
// owes the decision).
const acting = new Map();

/** Makes every request about game id act as seat ("": the server's choice). */
export function actAs(id, seat) {
  if (seat) acting.set(String(id), seat);
  else acting.delete(String(id));
}

/** The seat requests about game id act as, or "". */
export const actingAs = (id) => acting.get(String(id)) || '';

/** The API path of game id's rest ("/legal"), with the query's parameters and the seat acted as. */
export function gamePath(id, rest, query) {
  const q = new URLSearchParams(query || {});
  const seat = actingAs(id);
  if (seat) q.set('seat', seat);
  const qs = q.toString();
  return '/games/' + id + (rest || '') + (qs ? '?' + qs : '');
}

const g = gamePath;

/** Games of the lobby and their details; a game's requests act as its seat of actAs (but a bot's, whose seat is in the path). */
export const games = {
  list: (query) => get('/games' + (query ? '?' + new URLSearchParams(query) : '')),
  get: (id) => get(g(id)),
  create: (spec) => post('/games', spec),
  join: (id, body) => post(g(id, '/join'), body || {}),
  leave: (id) => post(g(id, '/leave')),
  putBot: (id, seat, kind) => post('/games/' + id + '/seats/' + seat + '/bot', kind ? { kind } : {}), // the seat is the path's
  removeBot: (id, seat) => del('/games/' + id + '/seats/' + seat + '/bot'),
  legal: (id) => get(g(id, '/legal')),
  act: (id, seq, type, args, window) => post(g(id, '/actions'), window ? { seq, type, args, window } : { seq, type, args }),
  log: (id, from) => get(g(id, '/log', from ? { from } : null)),
  history: (id, seq) => get(g(id, '/history/' + seq)),
  messages: (id, after) => get(g(id, '/messages', after ? { after } : null)),
  send: (id, to, body) => post(g(id, '/messages'), { to, body }),
  channels: (id) => get(g(id, '/channels')),
  markRead: (id, channel, upTo) => post(g(id, '/read'), { channel, up_to: upTo }),
  votes: (id) => get(g(id, '/votes')),
  vote: (id, kind, value) => post(g(id, '/votes'), { kind, value }),
  invite: (id) => get(g(id, '/invite')),
  newInvite: (id) => post(g(id, '/invite')),
  takeover: (id, seat, bot) => post(g(id, '/takeover'), bot ? { seat, bot: true } : { seat }),
  /** The URL of the game's live-update stream (for EventSource), as the seat acted as. */
  events: (id) => '/api' + g(id, '/events'),
};
