// A refused form comes back with its error summary on top: the focus goes there, so a screen reader reads the
// problems first, and each link in it takes the focus to the field it is about (a link to an id only scrolls).
(() => {
  const summary = document.querySelector('[data-role="error-summary"]');
  if (!summary) return;
  summary.focus();
  summary.addEventListener('click', event => {
    const link = event.target.closest('a[href^="#"]');
    const field = link && document.getElementById(link.getAttribute('href').slice(1));
    if (!field) return;
    event.preventDefault();
    field.focus();
    (field.labels && field.labels[0] || field).scrollIntoView({ block: 'center' });
  });
})();
