// SPDX-License-Identifier: GPL-3.0-or-later
// The students' page of class answers in a real browser (headless chromium through
// puppeteer-core): `serve` on 127.0.0.1, a phone-sized page joins with the room code, answers,
// switches to Chinese, sees the reveal and the step's heatmap as a picture. Fails (exit 1)
// when a step does not happen, the page is wider than the phone, the picture does not load,
// the browser logs an error, or the class record misses the answer.
// Usage: node classroompage.js PROGRAM OUT_DIR   (run by scripts/check-classroom-page.sh)
'use strict';
const puppeteer = require('puppeteer-core');
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');
const readline = require('readline');

const [program, outDir] = process.argv.slice(2);
const record = path.join(outDir, 'record.csv');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const serve = spawn(program, ['serve', 'cross-attention', '--bind', '127.0.0.1', '--record', record],
    { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: serve.stdout });
  const info = JSON.parse(await new Promise((resolve) => lines.once('line', resolve)));
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: 'new',
    args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 360, height: 740, isMobile: true });
    const errors = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(info.url, { waitUntil: 'networkidle0' });
    await page.screenshot({ path: path.join(outDir, 'phone-join.png') });
    await page.type('#nickname', 'Ada');
    await page.click('#join button[type=submit]');
    await page.waitForSelector('#room-view:not([hidden])', { timeout: 5000 });
    for (let i = 0; i < 12 && !(await page.$('#choices button')); i++) {
      serve.stdin.write('\n');
      await sleep(400);
    }
    const buttons = await page.$$('#choices button');
    if (buttons.length < 2) throw new Error('no question reached the page');
    await buttons[1].click();
    await page.waitForFunction(() => document.querySelector('#result').textContent.length > 0,
      { timeout: 5000 });
    await page.screenshot({ path: path.join(outDir, 'phone-answered.png') });
    await page.click('#language');
    if ((await page.$eval('html', (e) => e.lang)) !== 'zh-CN') throw new Error('no switch to Chinese');
    serve.stdin.write('r\n');
    await page.waitForSelector('#choices button.correct', { timeout: 5000 });
    // The step's heatmap comes with the reveal, as a PNG the page loads from the server.
    await page.waitForFunction(() => {
      const img = document.querySelector('#picture-image');
      return !document.querySelector('#picture').hidden && img.complete && img.naturalWidth > 0;
    }, { timeout: 10000 });
    const picture = await page.$eval('#picture-image', (img) => ({
      width: img.getBoundingClientRect().width, src: img.getAttribute('src'),
    }));
    if (!picture.src.startsWith('/api/image?') || picture.width > 360 || picture.width < 200) {
      throw new Error('the picture: ' + JSON.stringify(picture));
    }
    await page.screenshot({ path: path.join(outDir, 'phone-revealed.png') });
    // In English, scrolled to the picture: the README's screenshot of the phone.
    await page.click('#language');
    await page.$eval('#picture', (e) => e.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: path.join(outDir, 'phone-revealed-en.png') });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) throw new Error('the page is ' + width + ' px wide at 360 px');
    if (errors.length) throw new Error('browser errors: ' + errors.join('; '));
  } finally {
    await browser.close();
    serve.stdin.write('q\n');
    await new Promise((resolve) => serve.once('exit', resolve));
  }
  const rows = fs.readFileSync(record, 'utf8').trim().split('\r\n');
  if (rows.length !== 2 || !rows[1].includes(',Ada,')) throw new Error('record: ' + rows.join(' | '));
  console.log('classroom page: joined, answered, switched to Chinese, revealed with the picture; '
    + 'screenshots in ' + outDir);
}

main().catch((e) => { console.error('classroom page: ' + e.message); process.exit(1); });
