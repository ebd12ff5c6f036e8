// The playground: a channel where a person uses a bot's commands as its
// users will, on the emulator, and a side panel to choose who they are,
// where, and to see what went over the wire.

import { get, post, query, refusalText, failureText, UNREACHABLE } from './api.js';
import { Panel } from './panel.js';
import { Channel } from './channel.js';
import { Composer } from './composer.js';
import { Dialog } from './dialog.js';
import { menuButton } from './menu.js';

// Command types of the apps used from menus.
const USER_APP = 2, MESSAGE_APP = 3, ENTRY_POINT = 4;
// The answer that launches the application's Activity.
const LAUNCH_ACTIVITY = 12;

let state = null; // the API's state: the world, and the place chosen
let events = null; // the channel's event stream

const place = () => ({ ...state.chosen });
const world = () => state;

const panel = new Panel((p) => choose(query(p)), async (guild, user, roles) => {
  const { ok, body } = await post('/api/roles', { guild, user, roles });
  if (!ok) composer.refuse(refusalText(body));
  // What the member may do, and so the commands offered, follow.
  await choose(query(state.chosen));
}, (user) => userButton(user));

// apps lists the commands of a menu, as the client offers them where
// the user is.
const apps = (type) => composer.apps.filter((a) => a.type === type);

// useApp uses a command of a menu on its target: a user, a message, or
// nothing for the entry point.
async function useApp(app, target) {
  await send('/api/invoke', { ...place(), command: app.command, type: app.type, target });
}

// userButton is a user's name, whose menu lists the USER commands, as a
// user's context menu does.
function userButton(user) {
  return menuButton(user.name, 'Apps for ' + user.name,
    () => apps(USER_APP).map((a) => ({ label: a.name, run: () => useApp(a, user.id) })), { class: 'user-name' });
}

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
  composer.refuse(failureText(answer) || launched(answer));
  return answer;
}

// launched says that an Activity was launched, which the channel does
// not show: by the service itself for its entry point, or by the bot's
// LAUNCH_ACTIVITY answer.
function launched(result) {
  if (result.launched) return 'The service launched the Activity; the bot heard nothing.';
  if (result.ok && result.answer && result.answer.type === LAUNCH_ACTIVITY) return 'The bot launched its Activity.';
  return '';
}

const channel = new Channel({
  click: (message, button) => send('/api/click', { user: state.chosen.user, locale: state.chosen.locale, message, button }),
  choose: (message, select, values) => send('/api/choose', { user: state.chosen.user, locale: state.chosen.locale, message, select, values }),
  note: (text) => composer.refuse(text),
  user: userButton,
  // A message's menu lists the MESSAGE commands.
  messageMenu: (m) => menuButton('Apps', 'Apps for the message',
    () => apps(MESSAGE_APP).map((a) => ({ label: a.name, run: () => useApp(a, m.id) })), { class: 'apps' }),
  // Pressing a reaction adds the user's, or takes it back; the stream
  // shows what came of it.
  react: async (message, emoji, on) => {
    const { ok, body } = await post('/api/react', { user: state.chosen.user, message, emoji, on });
    composer.refuse(ok ? '' : refusalText(body));
  },
  openThread: (thread) => choose(query({ ...state.chosen, channel: thread })),
}, world);

const composer = new Composer({ place, world, send, onApps: () => showLauncher() });

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
// commands and the channel follow. The message box is busy from the
// choice until the commands offered there have arrived.
function choose(q) {
  return composer.busy(async () => {
    try {
      state = await get('/api/state?' + q);
    } catch (err) {
      composer.refuse(err.message);
      return;
    }
    panel.show(state);
    follow();
    // What is being typed stays, unless its command is not offered there
    // as it was; a refusal stays too, until the next action.
    await composer.refresh();
  });
}

// showLauncher shows the App Launcher when the user is offered an entry
// point command, and lists it.
function showLauncher() {
  const launcher = document.getElementById('launcher');
  const has = apps(ENTRY_POINT).length > 0;
  if (has === (launcher.childElementCount > 0)) return;
  launcher.replaceChildren(...(has
    ? [menuButton('App Launcher', 'App Launcher', () => apps(ENTRY_POINT).map((a) => ({ label: a.name, run: () => useApp(a) })), { class: 'launcher' })]
    : []));
}

// follow listens to the channel where the user is.
function follow() {
  if (events) events.close();
  events = new EventSource('/api/events?' + query(state.chosen));
  events.addEventListener('reset', () => {
    channel.reset();
    if (document.getElementById('refusal').textContent === UNREACHABLE) composer.refuse('');
  });
  // The browser tries again on its own; the page says why nothing moves.
  events.addEventListener('error', () => {
    if (events.readyState !== EventSource.OPEN) composer.refuse(UNREACHABLE);
  });
  events.addEventListener('message', (ev) => channel.upsert(JSON.parse(ev.data)));
  events.addEventListener('delete', (ev) => channel.remove(JSON.parse(ev.data).id));
  events.addEventListener('modal', (ev) => dialog.show(JSON.parse(ev.data).modal));
  events.addEventListener('commands', () => composer.refresh());
  // The bot changed the guild: its threads, members, their roles and
  // timeouts, its bans.
  events.addEventListener('guild', (ev) => {
    const { guild, roles, permissions } = JSON.parse(ev.data);
    const i = state.guilds.findIndex((g) => g.id === guild.id);
    if (i < 0) return;
    state.guilds[i] = guild;
    state.roles = roles;
    state.permissions = permissions;
    panel.show(state);
  });
}

// The page starts where the playground says, unless its address says
// otherwise: ?user=&guild=&channel=&locale=.
choose(location.search.slice(1));
