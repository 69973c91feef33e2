// Follows an enable preview while it evaluates the rule over every prisoner, then reloads to show its result.
(() => {
  const box = document.querySelector('.rule-preview[data-preview-id]');
  if (!box) return;
  const bar = box.querySelector('progress');
  const text = box.querySelector('[data-role="progress-text"]');
  const url = `/admin/rules/${encodeURIComponent(box.dataset.code)}?handler=Progress&preview=${box.dataset.previewId}`;

  async function poll() {
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
      if (response.ok) {
        const preview = await response.json();
        bar.max = Math.max(preview.total, 1);
        bar.value = preview.done;
        text.textContent = `${preview.done} of ${preview.total}`;
        if (preview.finished) { window.location.reload(); return; }
      }
    } catch { /* the next poll tries again */ }
    setTimeout(poll, 500);
  }

  setTimeout(poll, 500);
})();
