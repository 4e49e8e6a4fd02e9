// Firefox for the smoke tests (tests/smoke/engines.py), through Puppeteer's WebDriver BiDi
// client: Debian's firefox-esr speaks BiDi itself, so no geckodriver is needed.
// One JSON command per stdin line ({"id", "op", "args"}), one JSON answer per stdout line.
import readline from 'node:readline';
import puppeteer from 'puppeteer-core';

const browser = await puppeteer.launch({
  browser: 'firefox',
  executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr',
  headless: true,
  // The site must not be slowed or altered by Firefox's own first-run traffic.
  extraPrefsFirefox: {'network.captive-portal-service.enabled': false, 'app.update.enabled': false},
});
const page = await browser.newPage();
await page.setViewport({width: 412, height: 915});
const consoleErrors = [];
// NS_BINDING_ABORTED: Firefox cancelled a request because the test navigated away or reloaded
// (the engine's files still arriving); the page being left is not at fault. Anything else counts.
const record = (text) => { if (!/^NS_BINDING_ABORTED\b/.test(text)) consoleErrors.push(text); };
page.on('console', (message) => { if (message.type() === 'error') record(message.text()); });
page.on('pageerror', (error) => record(String(error && error.message || error)));

const ops = {
  version: async () => browser.version(),
  goto: async ([url]) => { await page.goto(url, {waitUntil: 'load'}); return null; },
  reload: async () => { await page.reload({waitUntil: 'load'}); return null; },
  // An expression, awaited when it is a promise; its value must be JSON.
  evaluate: async ([expression]) => page.evaluate(expression),
  click: async ([selector]) => { await page.click(selector); return null; },
  consoleErrors: async () => consoleErrors.splice(0),
};

const reply = (message) => process.stdout.write(JSON.stringify(message) + '\n');
reply({ready: true});
for await (const line of readline.createInterface({input: process.stdin})) {
  if (!line.trim()) continue;
  const {id, op, args} = JSON.parse(line);
  if (op === 'close') break;
  try {
    reply({id, value: await ops[op](args || [])});
  } catch (error) {
    reply({id, error: String(error && error.stack || error)});
  }
}
await browser.close();
