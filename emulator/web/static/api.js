// The playground's API, and a few helpers every part of the page uses.

// query writes a place (who, where, in which language) as a query string.
export function query(place) {
  const q = new URLSearchParams();
  q.set('user', place.user);
  q.set('guild', place.guild === '0' ? 'dm' : place.guild);
  if (place.guild !== '0' && place.channel) q.set('channel', place.channel);
  q.set('locale', place.locale);
  return q.toString();
}

// get fetches JSON; it throws an Error with the API's message when the
// answer is not 200.
export async function get(path) {
  const resp = await fetch(path, { headers: { Accept: 'application/json' } });
  const body = await resp.json();
  if (!resp.ok) throw Object.assign(new Error(body.message), { kind: body.error });
  return body;
}

// post sends JSON and returns {ok, body}: a refusal is an answer too,
// and an answer with no body has a null one.
export async function post(path, body) {
  let resp, text;
  try {
    resp = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    text = await resp.text();
  } catch {
    return { ok: false, body: { error: 'unreachable', message: UNREACHABLE } };
  }
  try {
    return { ok: resp.ok, body: text ? JSON.parse(text) : null };
  } catch {
    return { ok: false, body: { error: 'unreadable', message: 'The playground answered ' + resp.status + ' with a body that is not JSON.' } };
  }
}

// UNREACHABLE is what the page says when the playground does not answer.
export const UNREACHABLE = 'The playground is not reachable: is the program still running?';

// safeURL returns a URL the bot gave, for a link, when it is one a
// browser only navigates to (http, https, or the service's own scheme),
// and null otherwise: a javascript: URL is never a link of the page.
export function safeURL(u) {
  try {
    const url = new URL(u);
    return ['http', 'https', 'discord'].includes(url.protocol.slice(0, -1)) ? url.href : null;
  } catch {
    return null;
  }
}

// h makes an element: h('p', {class: 'x'}, 'text', child). Attributes
// whose value is false or null are left out; text is always text.
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith('on')) el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// compareIDs orders snowflakes, which are too large for numbers.
export function compareIDs(a, b) {
  const x = BigInt(a), y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

// refusalText words a refusal as the client shows it, saying who refused.
export function refusalText(body) {
  switch (body.error) {
    case 'permission_denied': return 'The service refuses: ' + body.message;
    case 'unknown_command': return 'The client offers no such command: ' + body.message;
    case 'invalid_input': return 'The client refuses: ' + body.message;
    case 'unknown_target': return 'Not here: ' + body.message;
    default: return body.message || 'Refused.';
  }
}

// failureText says what the user sees of an answer that broke the rules,
// or null for one that did not.
export function failureText(result) {
  if (result.ok) return null;
  if (result.status === 0) return 'The application did not respond: ' + result.violations.join('; ');
  return 'The interaction failed: ' + result.violations.join('; ');
}

// debounced runs a request at most once at a time: each call asks for a
// run after wait ms of quiet; a call while a run is under way asks for
// another once it ends, with the latest input. run returns a promise.
export function debounced(wait, run) {
  let timer = null, running = false, again = false;
  const go = async () => {
    if (running) { again = true; return; }
    running = true;
    try { await run(); } finally {
      running = false;
      if (again) { again = false; go(); }
    }
  };
  const schedule = () => { clearTimeout(timer); timer = setTimeout(go, wait); };
  schedule.cancel = () => { clearTimeout(timer); again = false; };
  return schedule;
}
