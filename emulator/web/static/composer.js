// The message box: "/" suggests the commands the user can use, a command
// picked lays out its options, an autocomplete option asks the bot as the
// user types, and Enter sends.

import { h, get, post, query, debounced } from './api.js';
import { Listbox } from './listbox.js';

const $ = (id) => document.getElementById(id);

// Option types of the service.
const STRING = 3, INTEGER = 4, BOOLEAN = 5, USER = 6, CHANNEL = 7, ROLE = 8, MENTIONABLE = 9, NUMBER = 10, ATTACHMENT = 11;

// AUTOCOMPLETE_WAIT is how long the box waits after a key before asking
// the bot for suggestions, as the service's client does. It is exported
// for the page's tests, which wait as long for the box to have asked.
export const AUTOCOMPLETE_WAIT = 250;

export class Composer {
  // ctx: {place(), world(), send(path, body) -> Promise<result|null>,
  // onApps() when the commands of the menus may have changed}
  constructor(ctx) {
    this.ctx = ctx;
    this.box = $('message');
    this.commands = [];
    this.apps = []; // the commands of menus: USER, MESSAGE, PRIMARY_ENTRY_POINT
    this.onApps = ctx.onApps || (() => {});
    this.entry = null; // the command picked, with its options laid out
    this.autocompletes = new Map(); // the picked command's autocomplete inputs: {option, box, listID}
    this.reading = 0; // how many reads of what the box offers are under way (busy)
    this.ask = debounced(AUTOCOMPLETE_WAIT, () => this.complete());
    this.suggestions = new Listbox($('suggestions'), this.box, (e) => this.pick(e));
    this.box.addEventListener('input', () => this.typed());
    this.box.addEventListener('keydown', (ev) => this.suggestions.key(ev));
    const form = $('composer');
    // Enter is the box's own: a list of suggestions takes it (their
    // inputs listen first), and otherwise it sends. The browser's own
    // submission of a form on Enter, which the key's character may cause
    // after the focus has moved, is left out.
    // A button's Enter is the button's own: Send submits, the App
    // Launcher and its items open and run.
    const own = (ev) => ev.target.closest('button, [role=menu]');
    form.addEventListener('keydown', (ev) => {
      if (ev.key !== 'Enter' || ev.defaultPrevented || ev.isComposing || own(ev)) return;
      ev.preventDefault();
      this.send();
    });
    form.addEventListener('keypress', (ev) => {
      if (ev.key === 'Enter' && !own(ev)) ev.preventDefault();
    });
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.send();
    });
    // "/" typed where it types nothing starts a command, as in a chat
    // client: on the page, the channel or a button, but not in an input,
    // a menu or an open dialog, whose "/" is their own, nor with Control,
    // Alt or Meta, which make it a shortcut. Shift is left alone: some
    // keyboards need it for "/". The box takes the focus as the key goes
    // down, so that the "/" the key then types lands in it, where its
    // caret is, and suggests the commands as any key typed there does;
    // a browser's own "/", a quick find in some, has nothing left to do.
    document.addEventListener('keydown', (ev) => {
      if (ev.key !== '/' || ev.ctrlKey || ev.altKey || ev.metaKey || ev.defaultPrevented || ev.isComposing) return;
      if (takesKeys(ev.target) || document.querySelector('dialog[open]')) return;
      this.box.focus();
    });
  }

  // busy runs work, which reads again what the box offers, with the box
  // marked busy (aria-busy) until it and any other such work under way
  // have ended, and returns what work returns.
  async busy(work) {
    if (this.reading++ === 0) this.box.setAttribute('aria-busy', 'true');
    try {
      return await work();
    } finally {
      if (--this.reading === 0) this.box.removeAttribute('aria-busy');
    }
  }

  // refresh fetches the commands the user can use where they are, when
  // they change or the user moves, leaving what is being typed as it is,
  // unless it is a command no longer offered as it was. The box is busy
  // until they have arrived.
  refresh() {
    return this.busy(async () => {
      const place = this.ctx.place();
      // Options laid out for a guild list its members, roles and channels.
      const moved = this.guild !== undefined && this.guild !== place.guild;
      this.guild = place.guild;
      try {
        const offered = await get('/api/commands?' + query(place));
        this.commands = offered.commands;
        this.apps = offered.apps;
        if (this.entry) {
          const same = this.commands.find((e) => e.command === this.entry.command);
          if (moved || !same || JSON.stringify(same) !== JSON.stringify(this.entry)) this.clear();
        }
        this.onApps();
        // A command being typed follows the commands now offered: one
        // typed before they first arrived is suggested without another
        // key, and suggestions shown follow a change of them.
        if (!this.entry && (this.suggestions.isOpen || document.activeElement === this.box)) this.typed();
      } catch (err) {
        this.commands = [];
        this.apps = [];
        this.refuse(err.message);
      }
    });
  }

  clear() {
    this.box.value = '';
    this.unpick();
    this.suggestions.close();
    this.refuse('');
  }

  refuse(text) {
    $('refusal').textContent = text;
  }

  // typed follows the box: "/" and a name suggest commands; a picked
  // command is dropped when its name is changed.
  typed() {
    const text = this.box.value;
    if (this.entry && !text.startsWith('/' + this.entry.name)) this.unpick();
    // The list follows the path being typed, by the names the user sees,
    // until an option begins (name:value) or a command is picked.
    if (!text.startsWith('/') || text.includes(':') || this.entry) {
      this.suggestions.close();
      return;
    }
    const typed = text.slice(1).toLowerCase().replace(/\s+/g, ' ');
    const matches = this.commands
      .filter((e) => e.name.toLowerCase().startsWith(typed))
      .sort((a, b) => a.name.localeCompare(b.name));
    if (!matches.length && this.commands.some((e) => typed.startsWith(e.name.toLowerCase() + ' '))) {
      this.suggestions.close(); // a whole command, and then its options as typed
      return;
    }
    this.suggestions.open(matches.map((e) => ({
      value: e,
      id: 'command-' + e.command.replaceAll(' ', '-'),
      content: [h('span', { class: 'name' }, '/' + e.name), ' ', h('span', { class: 'description' }, e.description)],
      // Named as the command is, without the "/" that is typed before it.
      label: e.name,
    })), matches.length ? null : 'No command starts with /' + text.slice(1));
  }

  // pick takes a suggested command and lays out its options.
  pick(entry) {
    this.entry = entry;
    this.box.value = '/' + entry.name + ' ';
    this.refuse('');
    $('options-legend').textContent = '/' + entry.name + ': ' + entry.description;
    const fields = entry.options.map((o) => this.field(o));
    $('option-fields').replaceChildren(...(fields.length ? fields : [h('p', {}, 'No options: press Enter to send.')]));
    $('options').hidden = false;
    const first = $('option-fields').querySelector('input, select, textarea');
    (first || this.box).focus();
  }

  unpick() {
    this.entry = null;
    this.ask.cancel();
    this.autocompletes.clear();
    $('options').hidden = true;
    $('option-fields').replaceChildren();
  }

  // field lays out an option as a labelled control.
  field(o) {
    const id = 'option-' + o.name;
    const hint = id + '-hint';
    const attrs = { id, name: o.name, 'data-label': o.label, 'aria-describedby': hint, 'aria-required': o.required ? 'true' : null };
    let control;
    if (o.autocomplete) {
      control = this.autocompleteField(o, attrs);
    } else if (o.choices.length) {
      control = select({ ...attrs, 'data-json': true }, o.choices.map((c) => [JSON.stringify(c.value), c.name]));
    } else {
      control = this.plainField(o, attrs);
    }
    const label = h('label', { for: id }, o.label, o.required ? h('span', { class: 'required', 'aria-hidden': 'true' }, ' *') : null);
    return h('div', { class: 'field' }, label, control.wrapper || control,
      h('span', { id: hint, class: 'hint' }, o.description + (o.required ? '' : ' (optional)')));
  }

  plainField(o, attrs) {
    const world = this.ctx.world();
    const guild = world.guilds.find((g) => g.id === world.chosen.guild);
    const users = () => world.users.filter((u) => !guild || guild.members.includes(u.id)).map((u) => [u.id, '@' + u.username]);
    const roles = () => (guild ? guild.roles : []).map((r) => [r.id, '@' + r.name.replace(/^@/, '')]);
    switch (o.type) {
      case INTEGER: case NUMBER:
        return h('input', { ...attrs, type: 'number', step: o.type === INTEGER ? 1 : 'any', min: o.min_value ?? null, max: o.max_value ?? null });
      case BOOLEAN:
        return select({ ...attrs, 'data-json': true }, [['true', 'True'], ['false', 'False']]);
      case USER:
        return select(attrs, users());
      case ROLE:
        return select(attrs, roles());
      case MENTIONABLE:
        return select(attrs, [...users(), ...roles()]);
      case CHANNEL: {
        const types = o.channel_types;
        return select(attrs, (guild ? guild.channels : []).filter((c) => !types.length || types.includes(c.type)).map((c) => [c.id, '#' + c.name]));
      }
      case ATTACHMENT:
        return h('input', { ...attrs, type: 'file' });
    }
    return h('input', { ...attrs, type: 'text', minlength: o.min_length ?? null, maxlength: o.max_length ?? null, autocomplete: 'off' });
  }

  // autocompleteField is a text input whose suggestions the bot makes.
  autocompleteField(o, attrs) {
    const listID = attrs.id + '-suggestions';
    const input = h('input', { ...attrs, type: 'text', autocomplete: 'off', 'aria-autocomplete': 'list', 'aria-controls': listID });
    const list = h('div', { id: listID, class: 'suggestions', role: 'listbox', 'aria-label': 'Suggestions for ' + o.label, hidden: true });
    const box = new Listbox(list, input, (choice) => {
      // The box shows the choice's name; the bot receives its value, as
      // from the client, unless the text is changed.
      input.value = choice.name;
      input.dataset.shown = choice.name;
      input.dataset.json = JSON.stringify(choice.value);
    });
    this.autocompletes.set(input, { option: o, box, listID });
    input.addEventListener('input', () => this.ask());
    input.addEventListener('focus', () => this.ask());
    input.addEventListener('keydown', (ev) => box.key(ev));
    input.addEventListener('blur', () => setTimeout(() => box.close(), 150));
    input.wrapper = h('div', { class: 'autocomplete' }, input, list);
    return input;
  }

  // complete asks the bot for suggestions for the autocomplete option
  // being typed in. The box has one asker for all its options (this.ask):
  // after a pause in typing, one request at a time, the latest text
  // winning, as the service's client does.
  async complete() {
    const input = document.activeElement;
    const field = this.autocompletes.get(input);
    if (!field || !input.isConnected) return; // the command was sent, or dropped, meanwhile
    const typed = input.value;
    const result = await this.ctx.send('/api/autocomplete', { ...this.body(field.option.name), focused: field.option.name });
    if (input.value !== typed || document.activeElement !== input) return; // a later text asks again
    if (!result) {
      field.box.close();
      return;
    }
    field.box.open((result.choices || []).map((c, i) => ({ value: c, id: field.listID + '-' + i, content: c.name, label: c.name })),
      result.ok ? 'No suggestions' : 'The bot’s suggestions failed');
  }

  // body is what the page sends for the picked command: its path and the
  // values given so far, each suggestion picked with the name it was
  // picked by, which the channel shows; focused, the option being typed,
  // is sent even when empty.
  body(focused) {
    const options = [];
    for (const el of $('option-fields').querySelectorAll('[name]')) {
      const v = valueOf(el);
      if (v !== undefined || el.name === focused) options.push({ name: el.name, value: v ?? '', shown: picked(el) });
    }
    return { ...this.ctx.place(), command: this.entry.command, options };
  }

  // send sends the picked command with its options, or the line as typed.
  async send() {
    const text = this.box.value.trim();
    this.suggestions.close();
    if (!text) return;
    let body;
    if (this.entry && text === '/' + this.entry.name) {
      body = this.body(null);
    } else if (text.startsWith('/')) {
      body = { ...this.ctx.place(), line: text };
    } else {
      this.refuse('Only the bot is here: type / to use its commands.');
      return;
    }
    const result = await this.ctx.send('/api/invoke', body);
    if (result) {
      this.clear();
      this.box.focus();
    }
  }

  // invalid marks the option a refusal names, by the name the user sees,
  // and ties the refusal to it.
  invalid(message) {
    for (const el of $('option-fields').querySelectorAll('[name]')) {
      const named = message.includes('"' + el.dataset.label + '"') || message.includes('"' + el.name + '"');
      el.setAttribute('aria-invalid', named ? 'true' : 'false');
      if (named) el.setAttribute('aria-errormessage', 'refusal');
      else el.removeAttribute('aria-errormessage');
    }
  }
}

// takesKeys reports whether el types or picks with the keys it is given:
// an input, a text area, a select, an editable text, or a menu.
function takesKeys(el) {
  return el instanceof Element && (el.isContentEditable || el.closest('input, textarea, select, [role=menu]') !== null);
}

function select(attrs, pairs) {
  return h('select', attrs, h('option', { value: '' }, '—'), pairs.map(([value, label]) => h('option', { value }, label)));
}

// picked is the name of the bot's suggestion an autocomplete input
// holds, as picked and not changed since, or undefined.
function picked(el) {
  return el.dataset.shown !== undefined && el.value === el.dataset.shown ? el.dataset.shown : undefined;
}

// valueOf is an option's value as the page sends it, or undefined when
// none is given: a choice's value, numbers as numbers when they read as
// such, a file as its name, size and type, the rest as text.
function valueOf(el) {
  if (el.type === 'file') {
    const f = el.files[0];
    return f ? { filename: f.name, size: f.size, content_type: f.type || undefined } : undefined;
  }
  if (picked(el) !== undefined) return JSON.parse(el.dataset.json);
  if (el.value === '') return undefined;
  if (el.tagName === 'SELECT' && el.dataset.json !== undefined) return JSON.parse(el.value);
  if (el.type === 'number' && Number.isFinite(Number(el.value))) return Number(el.value);
  return el.value;
}
