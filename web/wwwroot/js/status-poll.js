// Polls the stored danger status of every element still marked Unknown, one request for all of them, until
// each is known; a failed poll shows a quiet notice and retries later and later. It never reloads the page.
(() => {
  const pending = () => [...document.querySelectorAll('[data-prisoner-id][data-status="Unknown"]')];
  const notices = () => document.querySelectorAll('.poll-notice');
  const interval = 1000;
  const maxDelay = 60000;
  let delay = interval;

  const badgeClass = { Dangerous: 'badge badge-dangerous', NotDangerous: 'badge badge-safe', Unknown: 'badge badge-unknown' };
  const countId = { Dangerous: 'count-dangerous', NotDangerous: 'count-safe', Unknown: 'count-unknown' };

  // A dashboard row is one of the prison's current prisoners, so the counts above it counted it as Unknown:
  // move it to its new status there too, or the counts would contradict the rows they sit above.
  function recount(from, to) {
    for (const [status, delta] of [[from, -1], [to, 1]]) {
      const count = document.getElementById(countId[status]);
      if (count) count.textContent = String(Math.max(0, Number(count.textContent) + delta));
    }
  }

  function show(element, status) {
    element.dataset.status = status.status;
    const badge = element.querySelector('[data-role="badge"]');
    if (badge) { badge.className = badgeClass[status.status] || badgeClass.Unknown; badge.textContent = status.label; }
    const reasons = element.querySelector('[data-role="reasons"]');
    if (reasons) reasons.textContent = status.rules.join('; ');
    const facts = element.querySelector('[data-role="facts"]');
    if (facts) facts.replaceChildren(...status.rules.map(title => { const li = document.createElement('li'); li.textContent = title; return li; }));
  }

  // Badges change by themselves: say so to screen readers, naming whose (the row's prisoner, or the page's).
  function announce(changed) {
    const region = document.getElementById('announcements');
    if (!region || changed.length === 0) return;
    const whose = e => (e.closest('tr') ? e.querySelector('a') : document.querySelector('h1'))?.textContent.replace(/\s+/g, ' ').trim() || 'A prisoner';
    region.textContent = changed.map(([e, label]) => `${whose(e)}: now ${label}.`).join(' ');
  }

  function setNotice(text) {
    notices().forEach(n => { n.textContent = text; n.hidden = !text; });
  }

  async function poll() {
    const elements = pending();
    if (elements.length === 0) return;
    const ids = [...new Set(elements.map(e => e.dataset.prisonerId))];
    try {
      const response = await fetch(`/api/statuses?ids=${ids.join(',')}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      // The session ended (idle too long, or the user was disabled): reloading shows the sign-in form, which brings the person back here.
      if (response.status === 401) { window.location.reload(); return; }
      if (!response.ok) throw new Error(`status ${response.status}`);
      const statuses = await response.json();
      const changed = [];
      for (const status of statuses) {
        if (status.status === 'Unknown') continue;
        const matching = [...document.querySelectorAll(`[data-prisoner-id="${status.id}"]`)];
        if (matching.some(e => e.closest('table.arrivals') && e.dataset.status === 'Unknown')) recount('Unknown', status.status);
        matching.forEach(e => show(e, status));
        if (matching.length > 0) changed.push([matching[0], status.label]);
      }
      announce(changed);
      setNotice('');
      delay = interval;
    } catch {
      delay = Math.min(delay * 2, maxDelay);
      setNotice(`Live status updates are paused; trying again in ${Math.round(delay / 1000)} s.`);
    }
    if (pending().length > 0) setTimeout(poll, delay);
  }

  if (pending().length > 0) setTimeout(poll, interval);
})();
