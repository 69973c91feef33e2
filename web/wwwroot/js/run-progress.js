// Follows the current re-evaluation run until it ends, then reloads once to show it among the latest runs.
(() => {
  const box = document.querySelector('.run-progress[data-run-id]');
  if (!box) return;
  const bar = box.querySelector('progress');
  const text = box.querySelector('[data-role="progress-text"]');

  async function poll() {
    try {
      const response = await fetch(`/api/runs/${box.dataset.runId}`, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (response.ok) {
        const run = await response.json();
        bar.max = Math.max(run.total, 1);
        bar.value = run.done + run.failed;
        text.textContent = `${run.done + run.failed} of ${run.total} (${run.failed} failed)`;
        if (run.finished) { window.location.reload(); return; }
      }
    } catch { /* the next poll tries again */ }
    setTimeout(poll, 1000);
  }

  setTimeout(poll, 1000);
})();
