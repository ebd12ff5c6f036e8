// The playground: a channel where a person uses a bot's commands as its
// users will, on the emulator, and a side panel to choose who they are,
// where, and to see what went over the wire.

import { get, post, query, refusalText, failureText } from './api.js';
import { Panel } from './panel.js';
import { Channel } from './channel.js';
import { Composer } from './composer.js';
import { Dialog } from './dialog.js';

let state = null; // the API's state: the world, and the place chosen
let events = null; // the channel's event stream

const place = () => ({ ...state.chosen });
const world = () => state;

const panel = new Panel((p) => choose(query(p)), async (guild, user, roles) => {
  const { ok, body } = await post('/api/roles', { guild, user, roles });
  if (!ok) composer.refuse(refusalText(body));
  // What the member may do, and so the commands offered, follow.
  await choose(query(state.chosen));
});

// send makes an action and shows what came of it: the raw exchange in the
// panel, a refusal or a failed answer under the box. It resolves to the
// result, or null when the action was refused.
async function send(path, body) {
  const { ok, body: answer } = await post(path, body);
  if (!ok) {
    composer.refuse(refusalText(answer));
    composer.invalid(answer.message || '');
    return null;
  }
  panel.raw(answer);
  composer.refuse(failureText(answer) || '');
  return answer;
}

const channel = new Channel({
  click: (message, button) => send('/api/click', { user: state.chosen.user, locale: state.chosen.locale, message, button }),
  choose: (message, select, values) => send('/api/choose', { user: state.chosen.user, locale: state.chosen.locale, message, select, values }),
  note: (text) => composer.refuse(text),
}, world);

const composer = new Composer({ place, world, send });

const dialog = new Dialog(async (modal, filled) => {
  const { ok, body } = await post('/api/submit', { user: state.chosen.user, locale: state.chosen.locale, modal: modal.custom_id, ...filled });
  if (!ok) return refusalText(body);
  panel.raw(body);
  composer.refuse(failureText(body) || '');
  return null;
}, async (modal) => {
  const { ok, body } = await post('/api/dismiss', { user: state.chosen.user, modal: modal.custom_id });
  if (!ok) composer.refuse(refusalText(body));
}, world, () => document.getElementById('message').focus());

// choose moves the user to a place, given as a query: the panel, the
// commands and the channel follow.
async function choose(q) {
  try {
    state = await get('/api/state?' + q);
  } catch (err) {
    composer.refuse(err.message);
    return;
  }
  panel.show(state);
  follow();
  await composer.reload();
}

// follow listens to the channel where the user is.
function follow() {
  if (events) events.close();
  events = new EventSource('/api/events?' + query(state.chosen));
  events.addEventListener('reset', () => channel.reset());
  events.addEventListener('message', (ev) => channel.upsert(JSON.parse(ev.data)));
  events.addEventListener('delete', (ev) => channel.remove(JSON.parse(ev.data).id));
  events.addEventListener('modal', (ev) => dialog.show(JSON.parse(ev.data).modal));
}

// The page starts where the playground says, unless its address says
// otherwise: ?user=&guild=&channel=&locale=.
choose(location.search.slice(1));
