// A listbox of suggestions under a text input, as an input with
// aria-activedescendant drives it: the input keeps the focus, the arrows
// move through the options, Enter takes one, Escape closes the list.

import { h } from './api.js';

export class Listbox {
  // onPick is given the value of the option taken.
  constructor(list, input, onPick) {
    this.list = list;
    this.input = input;
    this.onPick = onPick;
    this.items = [];
    this.active = -1;
  }

  get isOpen() {
    return !this.list.hidden;
  }

  // open shows items ({value, id, content, label}); with none, the note.
  // The first is active, so that Enter takes it.
  open(items, note) {
    this.items = items;
    this.list.replaceChildren(...items.map((item, i) => h('div', {
      id: item.id, role: 'option', class: 'option', 'aria-selected': 'false', 'aria-label': item.label,
      onmousedown: (ev) => ev.preventDefault(), // keeps the focus in the input
      onclick: () => this.take(i),
    }, item.content)));
    if (!items.length && note) this.list.append(h('div', { class: 'note', role: 'presentation' }, note));
    this.list.hidden = !items.length && !note;
    this.activate(items.length ? 0 : -1);
  }

  close() {
    this.list.hidden = true;
    this.list.replaceChildren();
    this.items = [];
    this.activate(-1);
  }

  activate(i) {
    this.active = i;
    [...this.list.querySelectorAll('[role=option]')].forEach((el, j) => el.setAttribute('aria-selected', String(j === i)));
    if (i >= 0) {
      this.input.setAttribute('aria-activedescendant', this.items[i].id);
      document.getElementById(this.items[i].id).scrollIntoView({ block: 'nearest' });
    } else {
      this.input.removeAttribute('aria-activedescendant');
    }
  }

  take(i) {
    const item = this.items[i];
    this.close();
    this.onPick(item.value);
  }

  // key handles a key in the input; it reports whether it took it.
  key(ev) {
    if (!this.isOpen || !this.items.length) {
      if (ev.key === 'Escape') this.close();
      return false;
    }
    const n = this.items.length;
    switch (ev.key) {
      case 'ArrowDown': this.activate((this.active + 1) % n); break;
      case 'ArrowUp': this.activate((this.active - 1 + n) % n); break;
      case 'Enter': if (this.active >= 0) this.take(this.active); break;
      case 'Escape': this.close(); break;
      default: return false;
    }
    ev.preventDefault();
    return true;
  }
}
