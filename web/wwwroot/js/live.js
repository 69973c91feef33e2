// Keeps what a page shows true while it stays open, without reloading it: the dashboard (its rows and counts) and
// the prisoner page's verdict block. Each carries the poll to ask and the stamp of what it shows; every few seconds it
// asks "anything new since this stamp?", and shows the answer when there is one (304: nothing changed). When the
// server cannot be reached the page says, visibly, since when it is stale, keeps asking, less and less often, and
// says nothing more once an answer comes. A 401 means the session ended: reloading shows the sign-in form. A 404
// means what the page shows is out of the user's reach now (a prisoner moved to a prison not theirs, or released):
// reloading shows that it is not found, rather than a page that looks stale.
(() => {
  const interval = 2000;
  const maxDelay = 30000;

  // In the prison's time zone and named, as the server writes every time (PrisonTime), whatever the browser's clock says.
  const hhmm = (date, element) => {
    const zone = element.dataset.timeZone;
    const time = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone || undefined }).format(date);
    return element.dataset.zoneLabel ? `${time} ${element.dataset.zoneLabel}` : time;
  };

  function cell(text) {
    const td = document.createElement('td');
    td.textContent = text;
    return td;
  }

  // The same cells as Pages/Prisons/_ArrivalRow.cshtml writes.
  function arrivalRow(row) {
    const tr = document.createElement('tr');
    tr.dataset.prisonerId = row.id;
    tr.dataset.status = row.status;
    const link = document.createElement('a');
    link.href = `/prisoners/${encodeURIComponent(row.number)}`;
    link.textContent = row.number;
    const number = document.createElement('td');
    number.append(link);
    const badge = document.createElement('span');
    badge.className = row.badge;
    badge.dataset.role = 'badge';
    badge.textContent = row.label;
    const danger = document.createElement('td');
    danger.className = 'danger';
    danger.append(badge);
    if (row.fromEarlierRuleSet) {
      const mark = document.createElement('small');
      mark.className = 'muted';
      mark.dataset.role = 'previous-rule-set';
      mark.textContent = ' from the previous rule set';
      danger.append(mark);
    }
    const reasons = cell(row.reasons);
    reasons.dataset.role = 'reasons';
    tr.append(cell(row.arrived), number, cell(row.name), cell(row.legalStatus), danger, reasons);
    return tr;
  }

  // Badges change by themselves: say so to screen readers, naming whose ("B-1042: now Dangerous.").
  function announce(texts) {
    const region = document.getElementById('announcements');
    if (region && texts.length > 0) region.textContent = texts.join(' ');
  }

  function showDashboard(board, answer) {
    const before = new Map([...board.querySelectorAll('tr[data-prisoner-id]')].map(tr => [tr.dataset.prisonerId, tr.dataset.status]));
    announce(answer.rows
      .filter(row => before.has(row.id) && before.get(row.id) !== row.status)
      .map(row => `${row.number}: now ${row.label}.`));
    for (const [id, count] of [['count-dangerous', answer.counts.dangerous], ['count-safe', answer.counts.notDangerous], ['count-unknown', answer.counts.unknown], ['count-coming-up', answer.comingUp]]) {
      const element = document.getElementById(id);
      if (element) element.textContent = String(count);
    }
    const rows = board.querySelector('[data-role="rows"]');
    if (answer.rows.length > 0) {
      rows.replaceChildren(...answer.rows.map(arrivalRow));
    } else {
      const tr = document.createElement('tr');
      tr.dataset.role = 'none';
      const td = cell('No prisoner is held here now.');
      td.colSpan = 6;
      tr.append(td);
      rows.replaceChildren(tr);
    }
  }

  function showVerdict(block, answer) {
    if (block.dataset.status !== answer.status) {
      announce([`${document.querySelector('h1')?.textContent.replace(/\s+/g, ' ').trim() || 'This prisoner'}: now ${answer.label}.`]);
    }
    block.dataset.status = answer.status;
    const badge = block.querySelector('[data-role="badge"]');
    badge.className = answer.badge;
    badge.textContent = answer.label;
    block.querySelector('[data-role="facts"]').replaceChildren(...answer.fired.map(fired => {
      const li = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = fired.title;
      li.append(title);
      if (fired.facts.length > 0) {
        const facts = document.createElement('span');
        facts.textContent = `: ${fired.facts.join('; ')}`;
        li.append(facts);
      }
      return li;
    }));
    for (const [role, text] of [['evaluated', answer.evaluated], ['next-reevaluation', answer.nextReevaluation], ['rule-set', answer.ruleSet]]) {
      block.querySelector(`[data-role="${role}"]`).textContent = text;
    }
  }

  function keepTrue(element, url, show) {
    const notice = element.querySelector('.stale-notice');
    let freshAt = new Date();
    let delay = interval;

    function stale(yes) {
      element.classList.toggle('stale', yes);
      if (!yes) {
        notice.hidden = true;
        notice.textContent = '';
      } else if (notice.hidden) {
        notice.textContent = `Stale since ${hhmm(freshAt, element)}: the server cannot be reached, so changes since then are not shown. Trying again…`;
        notice.hidden = false;
      }
    }

    async function poll() {
      try {
        const response = await fetch(`${url}?since=${encodeURIComponent(element.dataset.stamp)}`, {
          headers: { Accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store',
        });
        if (response.status === 401 || response.status === 404) { window.location.reload(); return; }
        if (response.status === 200) {
          const answer = await response.json();
          show(element, answer);
          element.dataset.stamp = answer.stamp;
        } else if (response.status !== 304) {
          throw new Error(`status ${response.status}`);
        }
        freshAt = new Date();
        stale(false);
        delay = interval;
      } catch {
        stale(true);
        delay = Math.min(delay * 2, maxDelay);
      }
      setTimeout(poll, delay);
    }

    setTimeout(poll, interval);
  }

  document.querySelectorAll('[data-dashboard-poll]').forEach(board => keepTrue(board, board.dataset.dashboardPoll, showDashboard));
  document.querySelectorAll('[data-verdict-poll]').forEach(block => keepTrue(block, block.dataset.verdictPoll, showVerdict));
})();
