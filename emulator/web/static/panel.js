// The side panel: who the user is, where, in which language, what they
// may do there, and the raw interaction sent and answer received.

import { h } from './api.js';

const $ = (id) => document.getElementById(id);

// Panel fills the settings from the state and reports a new choice, or
// the member's roles changed.
export class Panel {
  // userButton(user) makes the button of a member's name and menu.
  constructor(onChange, onRoles, userButton) {
    this.onChange = onChange;
    this.onRoles = onRoles;
    this.userButton = userButton;
    for (const id of ['user', 'guild', 'channel-choice', 'locale']) {
      $(id).addEventListener('change', () => this.onChange(this.place()));
    }
  }

  // show fills the controls from a state of the API.
  show(state) {
    this.state = state;
    const chosen = state.chosen;
    const guildID = chosen.guild === '0' ? 'dm' : chosen.guild;
    fill($('user'), state.users.filter((u) => !u.bot).map((u) => [u.id, u.name + ' (@' + u.username + ')']), chosen.user);
    fill($('guild'), [...state.guilds.map((g) => [g.id, g.name]), ['dm', 'Direct messages with ' + state.bot.name]], guildID);
    const guild = state.guilds.find((g) => g.id === chosen.guild);
    fill($('channel-choice'), guild ? channelChoices(guild) : [['', 'the direct messages']], chosen.channel);
    $('channel-choice').disabled = !guild;
    fill($('locale'), state.locales.map((l) => [l, l]), chosen.locale);

    // The member's roles, but @everyone, which every member has.
    $('roles').hidden = state.roles === null;
    $('role-choices').replaceChildren(...(guild && state.roles !== null ? guild.roles.filter((r) => r.id !== guild.id) : []).map((r) =>
      h('label', { class: 'check' },
        h('input', { type: 'checkbox', value: r.id, checked: state.roles.includes(r.id), onchange: () => this.rolesChanged() }),
        ' ' + r.name)));

    // Who is here: the guild's members as the bot may have changed them,
    // or the user and the bot.
    const here = guild ? guild.roster : [state.users.find((u) => u.id === chosen.user), state.bot].filter(Boolean).map((user) => ({ user }));
    $('members').replaceChildren(...here.map((m) => h('li', {}, this.userButton(m.user),
      m.user.bot ? [' ', h('span', { class: 'tag' }, 'APP')] : null, guild ? memberDetails(m, guild) : null)));
    // Who the guild banned, and why.
    $('bans-section').hidden = !guild;
    $('bans').replaceChildren(...(guild && guild.bans.length
      ? guild.bans.map((b) => h('li', {}, b.user.name + ' (@' + b.user.username + '): ' + (b.reason || 'no reason given')))
      : [h('li', {}, 'Nobody is banned.')]));

    // The owner may do everything, whatever their roles: say so, or the
    // roles would seem to do nothing.
    $('roles-note').textContent = guild && guild.owner === chosen.user
      ? 'The owner of the guild has every permission, whatever their roles.' : '';
    const perms = $('permissions');
    perms.replaceChildren(...(state.permissions === null
      ? [h('li', {}, 'None: permissions are a guild member\'s')]
      : state.permissions.map((p) => h('li', {}, p))));

    const channel = guild && guild.channels.find((c) => c.id === chosen.channel);
    $('channel-title').textContent = channel ? channelName(guild, channel) + ' in ' + guild.name : 'Direct messages with ' + state.bot.name;
  }

  rolesChanged() {
    const roles = [...$('role-choices').querySelectorAll('input:checked')].map((el) => el.value);
    this.onRoles(this.state.chosen.guild, this.state.chosen.user, roles);
  }

  // place is what the controls choose.
  place() {
    const guild = $('guild').value;
    return {
      user: $('user').value,
      guild: guild === 'dm' ? '0' : guild,
      // A new guild starts in its default channel.
      channel: guild === this.state.chosen.guild ? $('channel-choice').value : '',
      locale: $('locale').value,
    };
  }

  // raw shows what an action sent and received.
  raw(result) {
    $('raw-sent').textContent = result.interaction ? JSON.stringify(result.interaction, null, 2) : 'Nothing was sent.';
    let answer = 'No answer came.';
    if (result.answer) answer = JSON.stringify(result.answer, null, 2);
    else if (result.raw_answer) answer = result.raw_answer;
    if (result.violations.length) answer += '\n\nViolations:\n' + result.violations.map((v) => '- ' + v).join('\n');
    $('raw-answer').textContent = answer;
  }
}

// channelChoices lists a guild's channels for the picker, each thread
// after its parent and named with it, as "#general › Tea thread".
function channelChoices(guild) {
  const threads = guild.channels.filter((c) => c.parent);
  const out = [];
  for (const c of guild.channels.filter((c) => !c.parent)) {
    out.push([c.id, '#' + c.name]);
    for (const t of threads.filter((t) => t.parent === c.id)) out.push([t.id, channelName(guild, t)]);
  }
  // A thread whose parent the page does not know goes last.
  for (const t of threads.filter((t) => !guild.channels.some((c) => c.id === t.parent))) out.push([t.id, channelName(guild, t)]);
  return out;
}

// channelName is how the page names a channel: a thread with its parent.
function channelName(guild, c) {
  const parent = c.parent && guild.channels.find((p) => p.id === c.parent);
  return parent ? '#' + parent.name + ' › ' + c.name : '#' + c.name;
}

// memberDetails says what the member is beside their name: their
// nickname, their roles and their timeout, with its end in the page's
// time zone and, for machines, in UTC.
function memberDetails(m, guild) {
  const parts = [];
  if (m.nick) parts.push(['nickname ' + m.nick]);
  const roles = m.roles.map((id) => guild.roles.find((r) => r.id === id)?.name).filter(Boolean);
  if (roles.length) parts.push([(roles.length === 1 ? 'role ' : 'roles ') + roles.join(', ')]);
  const until = m.timed_out_until && new Date(m.timed_out_until);
  if (until && until > new Date()) {
    parts.push(['timed out until ', h('time', { datetime: m.timed_out_until }, until.toLocaleString())]);
  }
  if (!parts.length) return null;
  return [': ', ...parts.flatMap((p, i) => (i ? [', ', ...p] : p))];
}

// fill replaces a select's options with [value, label] pairs.
function fill(select, pairs, selected) {
  select.replaceChildren(...pairs.map(([value, label]) => h('option', { value, selected: value === selected }, label)));
}
