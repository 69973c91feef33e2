// On a narrow screen (a phone, a tablet) the header's links, search and account links fold behind a Menu button, so
// that the page's own content comes first. site.css shows the button, and folds the menu, only on a header this
// script has marked: without the script the header shows everything, wrapped.
(() => {
  const button = document.querySelector('.menu-button');
  const menu = button && document.getElementById(button.getAttribute('aria-controls'));
  if (!menu) return;
  const header = button.closest('header');
  const show = open => {
    button.setAttribute('aria-expanded', String(open));
    header.classList.toggle('menu-open', open);
  };
  header.classList.add('foldable');
  button.addEventListener('click', () => show(button.getAttribute('aria-expanded') !== 'true'));
  // Escape closes an open menu from anywhere in it, and gives the focus back to the button that opened it.
  header.addEventListener('keydown', event => {
    if (event.key === 'Escape' && button.getAttribute('aria-expanded') === 'true') {
      show(false);
      button.focus();
    }
  });
})();
