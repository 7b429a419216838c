// The Overture inspector's page: one WebSocket to the server that pushes what changed, as sections
// ("runtime", "worlds", "plugins", "reports", "assets"); the page only renders them, and tells the
// server which rows of the asset table it shows. Plain DOM, no library, no build step. Text from the
// game is always set as text (textContent), never as markup.
'use strict';

(function () {
  const ROW = 22; // px, the height of an asset row (see .asset-row)
  const state = { runtime: null, worlds: [], plugins: [], reports: [], assets: null };
  let selected = null; // the name of the world shown
  let shownTabs = '';
  let socket = null;
  let retry = 500;
  let view = { offset: 0, limit: 100, filter: '' };
  let lastSection = {};

  const $ = (id) => document.getElementById(id);

  function el(tag, text, className) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = String(text);
    if (className) node.className = className;
    return node;
  }

  function replace(parent, children) {
    parent.replaceChildren(...children);
  }

  function token() {
    const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
    return match ? match[1] : '';
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
    const query = token() ? '?token=' + encodeURIComponent(token()) : '';
    socket = new WebSocket(scheme + location.host + '/live' + query);
    socket.addEventListener('open', () => {
      retry = 500;
      setStatus(true);
      sendView();
    });
    socket.addEventListener('message', (event) => {
      for (const part of JSON.parse(event.data)) {
        state[part.section] = part.data;
        lastSection[part.section] = true;
      }
      render();
    });
    socket.addEventListener('close', () => {
      setStatus(false);
      // The game may have stopped, or been restarted: try again, more slowly each time.
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 5000);
    });
  }

  function setStatus(on) {
    const status = $('status');
    status.textContent = on ? 'live' : 'disconnected';
    status.className = 'status ' + (on ? 'on' : 'off');
  }

  function sendView() {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ assets: view }));
    }
  }

  function render() {
    if (lastSection.runtime) renderRuntime();
    if (lastSection.worlds) renderWorlds();
    if (lastSection.plugins) renderPlugins();
    if (lastSection.reports) renderReports();
    if (lastSection.assets) renderAssets();
    lastSection = {};
  }

  // ------------------------------------------------------------------ runtime

  function renderRuntime() {
    const r = state.runtime;
    if (!r) return;
    $('runtime').textContent = r.worlds + ' world(s), ' + r.indexed + ' assets indexed in ' + r.roots.join(', ')
      + ', up ' + duration(r.uptimeSeconds) + (r.closed ? ', closed' : '');
  }

  function duration(seconds) {
    const m = Math.floor(seconds / 60);
    return m > 0 ? m + ' min ' + (seconds % 60) + ' s' : seconds + ' s';
  }

  // ------------------------------------------------------------------ worlds

  function renderWorlds() {
    const worlds = state.worlds || [];
    if (!worlds.some((w) => w.name === selected)) {
      selected = worlds.length ? worlds[0].name : null;
    }
    // The tabs are rebuilt only when the worlds or the choice change, so a click is never lost to a refresh.
    const tabs = JSON.stringify([selected, worlds.map((w) => w.name)]);
    if (tabs !== shownTabs) {
      shownTabs = tabs;
      replace($('worlds'), worlds.map((w) => {
        const button = el('button', w.name);
        button.setAttribute('role', 'tab');
        button.setAttribute('aria-selected', String(w.name === selected));
        button.addEventListener('click', () => {
          selected = w.name;
          renderWorlds();
        });
        return button;
      }));
    }
    const world = worlds.find((w) => w.name === selected);
    renderWorld(world);
    renderExperience(world ? world.experience : null, world && world.waiting);
  }

  function renderWorld(world) {
    $('world-name').textContent = world ? world.name : '(none)';
    $('world-clock').textContent = !world ? ''
      : world.waiting ? world.netMode + ', not read yet: its game thread has not run the inspector\'s request'
      : world.netMode + ', ' + world.seconds.toFixed(2) + ' s, frame ' + world.frame + ', ' + world.actors + ' actors';
    const view = world ? world.view : null;
    $('view-title').textContent = view ? view.title : '';
    $('arena').hidden = !view;
    $('no-view').hidden = !!view;
    if (view) draw($('arena'), view);
    replace($('teams'), (view ? view.teams : []).map((team) => {
      const item = el('li');
      const swatch = el('span', null, 'swatch');
      swatch.style.background = team.colour;
      item.append(swatch, el('span', team.name + ' ' + team.score));
      return item;
    }));
    const hud = [];
    for (const layout of (world ? world.layouts : [])) {
      hud.push(el('li', layout.layer + ': ' + layout.layout));
    }
    for (const widget of (world ? world.widgets : [])) {
      hud.push(el('li', widget.name + (widget.text ? ': ' + widget.text : '')));
    }
    if (!hud.length) hud.push(el('li', 'no widgets', 'muted'));
    replace($('hud'), hud);
    const log = view ? view.log : [];
    replace($('log'), log.length ? log.map((line) => el('li', line)) : [el('li', 'nothing yet', 'muted')]);
  }

  // Draws a WorldView: tiles coloured by the palette, then points, pickups and pawns on them.
  function draw(canvas, view) {
    const room = Math.max(160, canvas.parentElement.clientWidth || 480);
    const cell = Math.max(4, Math.floor(Math.min(room / Math.max(1, view.width), 560 / Math.max(1, view.height))));
    const width = cell * Math.max(1, view.width);
    const height = cell * Math.max(1, view.height);
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = width + 'px';
      canvas.style.height = height + 'px';
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.fillStyle = '#2e3440';
    ctx.fillRect(0, 0, width, height);
    view.tiles.forEach((row, y) => {
      for (let x = 0; x < row.length; x++) {
        ctx.fillStyle = view.palette[row[x]];
        ctx.fillRect(x * cell, y * cell, cell, cell);
      }
    });
    const colour = (team) => (team >= 0 && view.teams[team] ? view.teams[team].colour : '#8f99a8');
    const order = { POINT: 0, PICKUP: 1, OTHER: 2, PAWN: 3 };
    const marks = view.marks.slice().sort((a, b) => order[a.kind] - order[b.kind]);
    for (const mark of marks) {
      const cx = (mark.x + 0.5) * cell;
      const cy = (mark.y + 0.5) * cell;
      ctx.lineWidth = Math.max(1, cell / 12);
      if (mark.kind === 'PAWN') {
        ctx.beginPath();
        ctx.arc(cx, cy, cell * 0.38, 0, Math.PI * 2);
        ctx.fillStyle = colour(mark.team);
        ctx.fill();
        ctx.strokeStyle = mark.highlighted ? '#ffffff' : '#1f2328';
        ctx.lineWidth = mark.highlighted ? Math.max(2, cell / 7) : Math.max(1, cell / 14);
        ctx.stroke();
      } else if (mark.kind === 'POINT') {
        const r = cell * 0.46;
        ctx.beginPath();
        ctx.moveTo(cx, cy - r);
        ctx.lineTo(cx + r, cy);
        ctx.lineTo(cx, cy + r);
        ctx.lineTo(cx - r, cy);
        ctx.closePath();
        ctx.fillStyle = colour(mark.team);
        ctx.globalAlpha = 0.55;
        ctx.fill();
        ctx.globalAlpha = 1;
        ctx.strokeStyle = '#1f2328';
        ctx.stroke();
      } else if (mark.kind === 'PICKUP') {
        const a = cell * 0.32;
        const b = cell * 0.11;
        ctx.fillStyle = '#2e9e4f';
        ctx.fillRect(cx - a, cy - b, 2 * a, 2 * b);
        ctx.fillRect(cx - b, cy - a, 2 * b, 2 * a);
      } else {
        ctx.fillStyle = colour(mark.team);
        ctx.fillRect(cx - cell * 0.25, cy - cell * 0.25, cell * 0.5, cell * 0.5);
      }
      if (mark.label && mark.kind !== 'PICKUP' && cell >= 12) {
        ctx.fillStyle = mark.kind === 'PAWN' ? '#ffffff' : '#1f2328';
        ctx.font = 'bold ' + Math.floor(cell * 0.42) + 'px system-ui, sans-serif';
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(mark.label.slice(0, 3), cx, cy + 1);
      }
    }
  }

  function renderExperience(experience, waiting) {
    const e = experience || { id: '', state: waiting ? 'Unknown' : 'Unloaded', progress: 0, timeline: [], plugins: [], actions: [],
      failure: null };
    $('experience-id').textContent = e.id || '(none)';
    const stateNode = $('experience-state');
    stateNode.textContent = e.state;
    stateNode.className = 'state ' + e.state;
    $('experience-progress').value = e.progress;
    const failure = $('failure');
    failure.hidden = !e.failure;
    if (e.failure) {
      $('failure-heading').textContent = e.failure.heading;
      replace($('failure-problems'), e.failure.problems.map(problemItem));
    }
    replace($('timeline').tBodies[0], e.timeline.map((step) => {
      const row = el('tr');
      row.append(el('td', step.to, 'state ' + step.to), el('td', step.seconds.toFixed(3) + ' s'), el('td', '+' + step.ms + ' ms'));
      return row;
    }));
    $('experience-plugins').textContent = e.plugins.length ? e.plugins.join(', ') : 'none';
    replace($('actions'), e.actions.length ? e.actions.map((action) => el('li', action)) : [el('li', 'none', 'muted')]);
  }

  function problemItem(problem) {
    const item = el('li');
    item.append(el('span', '[' + problem.id + '] ', 'pid'), el('span', problem.message, problem.severity));
    if (problem.where) item.append(el('span', problem.where, 'where'));
    return item;
  }

  // ------------------------------------------------------------------ plugins and reports

  function renderPlugins() {
    replace($('plugins').tBodies[0], (state.plugins || []).map((plugin) => {
      const row = el('tr');
      const name = el('td', plugin.id);
      if (plugin.description) name.title = plugin.description;
      const stateCell = el('td', plugin.state, plugin.state === 'Error' ? 'error' : '');
      if (plugin.problems.length) {
        const list = el('ol', null, 'problems');
        replace(list, plugin.problems.map(problemItem));
        stateCell.append(list);
      }
      row.append(name, stateCell, el('td', plugin.requests), el('td', plugin.version), el('td', plugin.dependencies.join(', ')));
      return row;
    }));
  }

  function renderReports() {
    const reports = state.reports || [];
    $('report-count').textContent = reports.length ? '(' + reports.length + ')' : '(none reported)';
    replace($('reports'), reports.map((report) => {
      const item = el('li');
      item.append(el('div', report.kind + ': ' + report.summary, 'report-head'),
        el('div', new Date(report.time).toLocaleTimeString(), 'muted'));
      const list = el('ol', null, 'problems');
      replace(list, report.problems.map(problemItem));
      item.append(list);
      return item;
    }));
  }

  // ------------------------------------------------------------------ assets

  function bytes(n) {
    if (n < 1024) return n + ' B';
    if (n < 1024 * 1024) return (n / 1024).toFixed(1) + ' KB';
    return (n / 1024 / 1024).toFixed(1) + ' MB';
  }

  function renderAssets() {
    const a = state.assets;
    if (!a) return;
    $('asset-summary').textContent = a.total + ' in memory: ' + a.loaded + ' loaded, ' + a.loading + ' loading, '
      + a.failed + ' failed, ' + a.pinned + ' pinned, about ' + bytes(a.bytes);
    $('asset-count').textContent = a.filter ? a.matching + (a.matching === 1 ? ' matches "' : ' match "') + a.filter + '"'
      : a.matching + (a.matching === 1 ? ' asset' : ' assets');
    replace($('loads'), a.loads.map((load) => {
      const row = el('div', null, 'load');
      const bar = el('progress');
      bar.max = 1;
      bar.value = load.progress;
      row.append(el('span', 'Loading ' + load.requested + (load.bundles.length ? ' [' + load.bundles.join(', ') + ']' : '')), bar,
        el('span', load.loaded + '/' + load.total + ', ' + load.ms + ' ms', 'muted'));
      return row;
    }));
    $('asset-spacer').style.height = (a.matching * ROW) + 'px';
    const rows = $('asset-rows');
    rows.style.transform = 'translateY(' + (a.offset * ROW) + 'px)';
    replace(rows, a.rows.map((asset) => {
      const row = el('div', null, 'asset-row');
      row.append(el('span', asset.name), el('span', asset.type), el('span', asset.state, asset.state), el('span', asset.pins),
        el('span', asset.bundles.join(', ')), el('span', bytes(asset.bytes)), el('span', asset.file));
      row.title = asset.name + (asset.file ? ' from ' + asset.file : '');
      return row;
    }));
    requestRowsIfNeeded();
  }

  // The list is virtual: the spacer is as tall as every matching row, and the server sends only the
  // rows around what is visible. Scrolling asks for the rows now in view (once per frame at most).
  let scrollPending = false;
  function requestRowsIfNeeded() {
    const scroller = $('asset-scroll');
    const first = Math.floor(scroller.scrollTop / ROW);
    const visible = Math.ceil(scroller.clientHeight / ROW) + 1;
    const a = state.assets;
    const have = a ? a.offset : 0;
    const haveEnd = a ? a.offset + a.rows.length : 0;
    const matching = a ? a.matching : 0;
    const wantEnd = Math.min(first + visible, matching);
    if (first < have || wantEnd > haveEnd) {
      const offset = Math.max(0, first - visible);
      const next = { offset: offset, limit: visible * 3, filter: view.filter };
      if (next.offset !== view.offset || next.limit !== view.limit) {
        view = next;
        sendView();
      }
    }
  }

  function onScroll() {
    if (scrollPending) return;
    scrollPending = true;
    requestAnimationFrame(() => {
      scrollPending = false;
      requestRowsIfNeeded();
    });
  }

  let filterTimer = null;
  function onFilter() {
    clearTimeout(filterTimer);
    filterTimer = setTimeout(() => {
      view = { offset: 0, limit: view.limit, filter: $('asset-filter').value };
      $('asset-scroll').scrollTop = 0;
      sendView();
    }, 120);
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('asset-scroll').addEventListener('scroll', onScroll);
    $('asset-filter').addEventListener('input', onFilter);
    connect();
  });
})();
