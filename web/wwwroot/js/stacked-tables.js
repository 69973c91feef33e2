// A list's table that is wider than the page leaves it (a phone, a tablet, a long name) becomes stacked rows, one cell
// a line with its column's name before it (site.css, table.stacked); a table that fits keeps its columns. The names
// come from the table's own header, written on each cell as data-label; a blank cell is marked so that it takes no
// line. Tables are measured again when the page's width changes, a details element opens, or rows are written later
// (live.js's). Without this script, a table too wide for a phone scrolls inside the page (site.css).
(() => {
  function columnNames(table) {
    const names = [];
    table.querySelectorAll(':scope > thead > tr:first-child > th').forEach(th => {
      const name = th.textContent.replace(/\s+/g, ' ').trim();
      for (let i = 0; i < th.colSpan; i++) names.push(name);
    });
    return names;
  }

  function label(table, names) {
    table.querySelectorAll(':scope > tbody > tr').forEach(tr => {
      let column = 0;
      for (const cell of tr.cells) {
        cell.toggleAttribute('data-blank', cell.textContent.trim() === '' && !cell.querySelector('a, button, input, select, textarea, img'));
        if (cell.tagName === 'TD' && cell.colSpan === 1 && names[column]) {
          cell.dataset.label = names[column];
        }

        column += cell.colSpan;
      }
    });
  }

  // Measured with its columns: stacked only if, so, it is wider than the room it has.
  function fit(table) {
    table.classList.remove('stacked');
    const parent = getComputedStyle(table.parentElement);
    const room = table.parentElement.clientWidth - parseFloat(parent.paddingLeft) - parseFloat(parent.paddingRight);
    if (room > 0 && table.offsetWidth > room) table.classList.add('stacked');
  }

  const tables = [...document.querySelectorAll('main table')].filter(table => {
    const names = columnNames(table);
    if (names.length === 0) return false;
    label(table, names);
    table.classList.add('stackable');
    new MutationObserver(() => { label(table, names); fit(table); }).observe(table, { childList: true, subtree: true });
    return true;
  });
  if (tables.length === 0) return;

  const fitAll = () => tables.forEach(fit);
  let width = -1;
  new ResizeObserver(([entry]) => {
    if (entry.contentRect.width === width) return;
    width = entry.contentRect.width;
    fitAll();
  }).observe(document.querySelector('main'));
  document.addEventListener('toggle', fitAll, true);
})();
