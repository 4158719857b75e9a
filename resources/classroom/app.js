// SPDX-License-Identifier: GPL-3.0-or-later
// The students' page: joins the room, follows the current question by server-sent events,
// sends answers, and after the reveal shows the step's heatmap (GET /api/image). All text
// goes into the page as text (textContent), never as HTML.
'use strict';

const texts = {
  en: {
    title: 'Attention Explorer',
    switchTo: '中文',
    roomLabel: 'Room code',
    nicknameLabel: 'Nickname (optional)',
    joinButton: 'Join',
    waiting: 'Waiting for the next question…',
    joined: 'Joined as {name}.',
    answered: '{n} of {m} answered',
    yourAnswer: 'Your answer is in. You can change it until the reveal.',
    revealed: 'Revealed: the right choice is marked.',
    noCorrect: 'Revealed.',
    picture: 'The attention weights of this step, as the projector shows them.',
    noPicture: 'This step has no picture.',
    lost: 'Connection lost; trying again…',
    failed: 'Could not join: {why}',
  },
  zh: {
    title: '注意力探索',
    switchTo: 'English',
    roomLabel: '房间码',
    nicknameLabel: '昵称（可选）',
    joinButton: '加入',
    waiting: '等待下一个问题……',
    joined: '已以“{name}”加入。',
    answered: '{m} 人中已有 {n} 人作答',
    yourAnswer: '已收到你的回答。揭晓之前可以更改。',
    revealed: '已揭晓：正确的选项已标出。',
    noCorrect: '已揭晓。',
    picture: '这一步的注意力权重，和投影上的一样。',
    noPicture: '这一步没有图。',
    lost: '连接中断，正在重试……',
    failed: '无法加入：{why}',
  },
};

let language = (navigator.language || 'en').toLowerCase().startsWith('zh') ? 'zh' : 'en';
let token = null;
let room = '';
let state = null;
let events = null;

function $(id) { return document.getElementById(id); }

function t(key, values) {
  let s = texts[language][key] || texts.en[key] || key;
  for (const [k, v] of Object.entries(values || {})) s = s.replace('{' + k + '}', String(v));
  return s;
}

function applyLanguage() {
  document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  for (const el of document.querySelectorAll('[data-text]')) el.textContent = t(el.dataset.text);
  $('language').textContent = t('switchTo');
  render();
}

// The revealed step's picture: loaded once per step, hidden before the reveal.
function renderPicture(q) {
  const figure = $('picture');
  const image = $('picture-image');
  const revealed = Boolean(q && state.revealed);
  figure.hidden = !revealed;
  if (!revealed) {
    image.removeAttribute('src');
    image.dataset.step = '';
    return;
  }
  image.hidden = !state.image;
  image.alt = t('picture');
  $('picture-caption').textContent = state.image ? t('picture') : t('noPicture');
  if (state.image && image.dataset.step !== String(q.step)) {
    image.dataset.step = String(q.step);
    image.src = '/api/image?' + new URLSearchParams({ room, token, step: String(q.step) }).toString();
  }
}

function render() {
  if (!token) return;
  const q = state && state.question;
  $('choices').replaceChildren();
  $('result').textContent = '';
  renderPicture(q);
  if (!q) {
    $('prompt').textContent = '';
    $('status').textContent = t('waiting');
    return;
  }
  $('status').textContent = t('answered', { n: state.answered, m: state.students });
  $('prompt').textContent = q.prompt[language] || q.prompt.en;
  q.choices.forEach((choice, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = choice[language] || choice.en;
    b.setAttribute('aria-pressed', state.yourChoice === i ? 'true' : 'false');
    b.disabled = state.revealed;
    if (state.revealed && q.correct === i) b.classList.add('correct');
    if (state.counts) {
      const c = document.createElement('span');
      c.className = 'count';
      c.textContent = String(state.counts[i]);
      b.append(' ', c);
    }
    b.addEventListener('click', () => answer(q.step, i));
    $('choices').append(b);
  });
  if (state.revealed) $('result').textContent = q.correct >= 0 ? t('revealed') : t('noCorrect');
  else if (state.yourChoice !== null && state.yourChoice !== undefined) $('result').textContent = t('yourAnswer');
}

async function post(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    cache: 'no-store',
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.error || String(response.status));
  return json;
}

function follow() {
  if (events) events.close();
  const query = new URLSearchParams({ room, token });
  events = new EventSource('/api/events?' + query.toString());
  events.onmessage = (e) => {
    state = JSON.parse(e.data);
    $('error').textContent = '';
    render();
  };
  events.onerror = () => { $('error').textContent = t('lost'); };
}

async function answer(step, choice) {
  try {
    const r = await post('/api/answer', { room, token, step, choice });
    if (state) state.yourChoice = r.choice;
    render();
  } catch (e) {
    $('error').textContent = e.message;
  }
}

async function join(event) {
  event.preventDefault();
  room = $('room').value.trim();
  try {
    const r = await post('/api/join', { room, nickname: $('nickname').value });
    token = r.token;
    $('join').hidden = true;
    $('room-view').hidden = false;
    $('error').textContent = '';
    $('status').textContent = t('joined', { name: r.nickname || '—' });
    follow();
  } catch (e) {
    $('error').textContent = t('failed', { why: e.message });
  }
}

document.addEventListener('DOMContentLoaded', () => {
  const fromAddress = new URLSearchParams(location.search).get('room');
  if (fromAddress) $('room').value = fromAddress;
  $('join').addEventListener('submit', join);
  $('language').addEventListener('click', () => {
    language = language === 'zh' ? 'en' : 'zh';
    applyLanguage();
  });
  applyLanguage();
});
