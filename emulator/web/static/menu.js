// A menu of actions under the button that opens it, as the client's
// context menus and App Launcher are: the button says it has a menu and
// whether it is open, the menu's items are menuitems, the arrows move
// among them, Enter or a click takes one, Escape or Tab closes it.

import { h } from './api.js';

let openMenu = null; // the one menu open on the page, closed by the next

// menuButton makes a button named label that opens a menu named title
// whose items are items() when it opens: [{label, run}].
export function menuButton(label, title, items, attrs = {}) {
  const button = h('button', { type: 'button', 'aria-haspopup': 'menu', 'aria-expanded': 'false', ...attrs }, label);
  button.addEventListener('click', (ev) => {
    ev.stopPropagation();
    if (openMenu && openMenu.button === button) {
      openMenu.close(true);
      return;
    }
    open(button, title, items());
  });
  button.addEventListener('keydown', (ev) => {
    if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      open(button, title, items());
    }
  });
  return button;
}

function open(button, title, items) {
  if (openMenu) openMenu.close(false);
  const list = h('div', { role: 'menu', class: 'menu-popup', 'aria-label': title });
  const entries = items.length ? items : [{ label: 'No apps', disabled: true }];
  const elements = entries.map((item) => h('button', {
    type: 'button', role: 'menuitem', tabindex: '-1', class: 'menu-item', 'aria-disabled': item.disabled ? 'true' : null,
    onclick: () => {
      if (item.disabled) return;
      menu.close(true);
      item.run();
    },
  }, item.label));
  list.append(...elements);
  const menu = {
    button,
    close(refocus) {
      list.remove();
      button.setAttribute('aria-expanded', 'false');
      document.removeEventListener('click', outside, true);
      if (openMenu === menu) openMenu = null;
      if (refocus) button.focus();
    },
  };
  const outside = (ev) => {
    if (!list.contains(ev.target) && ev.target !== button) menu.close(false);
  };
  list.addEventListener('keydown', (ev) => {
    const i = elements.indexOf(document.activeElement);
    const move = (j) => elements[(j + elements.length) % elements.length].focus();
    switch (ev.key) {
      case 'ArrowDown': move(i + 1); break;
      case 'ArrowUp': move(i - 1); break;
      case 'Home': move(0); break;
      case 'End': move(elements.length - 1); break;
      case 'Escape': menu.close(true); break;
      case 'Tab': menu.close(false); return;
      default: return;
    }
    ev.preventDefault();
  });
  button.after(list);
  button.setAttribute('aria-expanded', 'true');
  document.addEventListener('click', outside, true);
  openMenu = menu;
  elements[0].focus();
}
