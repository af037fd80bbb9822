// Generates the public site's images: the localized app screenshots of the landing features
// (public/images/landing/<lang>/*.webp, rendered from HTML mocks) and the PNG/ICO favicons
// (from public/favicon.svg). Run by hand after changing a mock: `node scripts/generate-images.mjs`
// (Chromium from CHROME_PATH or /usr/bin/chromium). The output is committed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './env.mjs';

const W = 300;
const H = 600;
const SCALE = 2;

const copy = {
  en: {
    tabs: ['Home', 'Invest', 'Wallet', 'Profile'],
    savings: {
      title: 'Savings',
      balanceLabel: 'Savings balance',
      balance: '$8,420.16',
      delta: '+$126.30 this month',
      actions: ['Add money', 'Withdraw'],
      goalsTitle: 'Goals',
      goals: [
        ['Emergency fund', '$3,400 of $5,000', 68],
        ['Trip to Cancún', '$1,150 of $2,500', 46],
        ['New laptop', '$620 of $1,200', 52],
      ],
      activityTitle: 'Recent activity',
      activity: [['Deposit from bank', 'Apr 28', '+$250.00']],
    },
    investing: {
      title: 'Portfolio',
      valueLabel: 'Portfolio value',
      value: '$4,035.30',
      delta: '+1.8% today',
      segments: ['Stocks', 'ETFs', 'All'],
      rows: [
        ['AAPL', 'Apple Inc.', '$198.45', '+1.2%'],
        ['NVDA', 'NVIDIA Corp.', '$905.12', '+3.4%'],
        ['VOO', 'Vanguard S&P 500 ETF', '$472.80', '+0.6%'],
        ['MSFT', 'Microsoft Corp.', '$412.33', '-0.4%'],
        ['AMZN', 'Amazon.com Inc.', '$181.28', '+0.9%'],
      ],
      cta: 'Buy',
    },
    crypto: {
      title: 'Wallet',
      network: 'Canton Network · Self-custody',
      balanceLabel: 'Wallet balance',
      balance: '$2,235.25',
      actions: ['Buy', 'Send', 'Receive'],
      assetsTitle: 'Assets',
      rows: [
        ['BTC', 'Bitcoin', '0.0125 BTC', '$1,210.40', '#F7931A'],
        ['ETH', 'Ether', '0.21 ETH', '$640.15', '#627EEA'],
        ['USDC', 'USD Coin', '300.00 USDC', '$300.00', '#2775CA'],
        ['CC', 'Canton Coin', '520 CC', '$84.70', '#111827'],
      ],
    },
  },
  es: {
    tabs: ['Inicio', 'Invertir', 'Billetera', 'Perfil'],
    savings: {
      title: 'Ahorros',
      balanceLabel: 'Saldo de ahorros',
      balance: 'US$8,420.16',
      delta: '+US$126.30 este mes',
      actions: ['Depositar', 'Retirar'],
      goalsTitle: 'Metas',
      goals: [
        ['Fondo de emergencia', 'US$3,400 de US$5,000', 68],
        ['Viaje a Cancún', 'US$1,150 de US$2,500', 46],
        ['Laptop nueva', 'US$620 de US$1,200', 52],
      ],
      activityTitle: 'Actividad reciente',
      activity: [['Depósito bancario', '28 abr', '+US$250.00']],
    },
    investing: {
      title: 'Portafolio',
      valueLabel: 'Valor del portafolio',
      value: 'US$4,035.30',
      delta: '+1.8 % hoy',
      segments: ['Acciones', 'ETF', 'Todo'],
      rows: [
        ['AAPL', 'Apple Inc.', 'US$198.45', '+1.2 %'],
        ['NVDA', 'NVIDIA Corp.', 'US$905.12', '+3.4 %'],
        ['VOO', 'Vanguard S&P 500 ETF', 'US$472.80', '+0.6 %'],
        ['MSFT', 'Microsoft Corp.', 'US$412.33', '-0.4 %'],
        ['AMZN', 'Amazon.com Inc.', 'US$181.28', '+0.9 %'],
      ],
      cta: 'Comprar',
    },
    crypto: {
      title: 'Billetera',
      network: 'Canton Network · Autocustodia',
      balanceLabel: 'Saldo de la billetera',
      balance: 'US$2,235.25',
      actions: ['Comprar', 'Enviar', 'Recibir'],
      assetsTitle: 'Activos',
      rows: [
        ['BTC', 'Bitcoin', '0.0125 BTC', 'US$1,210.40', '#F7931A'],
        ['ETH', 'Ether', '0.21 ETH', 'US$640.15', '#627EEA'],
        ['USDC', 'USD Coin', '300.00 USDC', 'US$300.00', '#2775CA'],
        ['CC', 'Canton Coin', '520 CC', 'US$84.70', '#111827'],
      ],
    },
  },
};

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');

const css = `
* { box-sizing: border-box; margin: 0; padding: 0; }
body { width: ${W}px; height: ${H}px; overflow: hidden; background: #f4f4f5; color: #0a0a0a;
  font-family: 'Liberation Sans', Arial, sans-serif; -webkit-font-smoothing: antialiased; }
.screen { position: relative; height: 100%; display: flex; flex-direction: column; }
.status { display: flex; justify-content: space-between; align-items: center; padding: 14px 26px 6px; font-size: 12px; font-weight: 700; }
.status i { display: inline-block; width: 16px; height: 8px; border-radius: 2px; background: #0a0a0a; margin-left: 4px; }
.content { flex: 1; padding: 10px 16px 0; overflow: hidden; }
h1 { font-size: 24px; font-weight: 700; letter-spacing: -0.02em; margin: 4px 0 14px; }
.card { border-radius: 20px; background: #0a0a0a; color: #fff; padding: 18px; }
.card small { font-size: 11px; color: #a3a3a3; }
.card .big { font-size: 28px; font-weight: 700; margin-top: 6px; letter-spacing: -0.02em; }
.pill { display: inline-block; margin-top: 8px; padding: 3px 9px; border-radius: 999px; background: rgba(16,185,129,.2); color: #6ee7b7; font-size: 11px; font-weight: 700; }
.row2 { display: flex; gap: 8px; margin-top: 12px; }
.btn { flex: 1; text-align: center; border-radius: 12px; padding: 10px 0; font-size: 12px; font-weight: 700; }
.btn.dark { background: #0a0a0a; color: #fff; } .btn.green { background: #059669; color: #fff; } .btn.light { background: #fff; color: #0a0a0a; box-shadow: inset 0 0 0 1px #e5e5e5; }
h2 { font-size: 14px; font-weight: 700; margin: 16px 0 8px; }
.panel { background: #fff; border-radius: 16px; padding: 4px 12px; box-shadow: 0 1px 2px rgba(0,0,0,.05); }
.item { display: flex; align-items: center; gap: 10px; padding: 10px 0; border-bottom: 1px solid #f0f0f0; }
.item:last-child { border-bottom: 0; }
.item .name { flex: 1; min-width: 0; }
.item .name b { display: block; font-size: 12.5px; }
.item .name span { display: block; font-size: 10.5px; color: #737373; margin-top: 2px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.item .val { text-align: right; font-size: 12.5px; font-weight: 700; }
.item .val span { display: block; font-size: 10.5px; font-weight: 700; margin-top: 2px; }
.up { color: #047857; } .down { color: #dc2626; }
.logo { width: 32px; height: 32px; border-radius: 999px; display: flex; align-items: center; justify-content: center; color: #fff; font-size: 9px; font-weight: 700; flex: none; }
.bar { height: 6px; border-radius: 999px; background: #e5e5e5; margin-top: 6px; overflow: hidden; }
.bar i { display: block; height: 100%; background: #059669; border-radius: 999px; }
.goal { padding: 10px 0; border-bottom: 1px solid #f0f0f0; } .goal:last-child { border-bottom: 0; }
.goal .top { display: flex; justify-content: space-between; font-size: 12px; } .goal .top b { font-weight: 700; } .goal .top span { color: #737373; font-size: 10.5px; }
.seg { display: flex; background: #e5e5e5; border-radius: 10px; padding: 3px; margin-top: 14px; }
.seg div { flex: 1; text-align: center; font-size: 11.5px; font-weight: 700; padding: 6px 0; border-radius: 8px; color: #525252; }
.seg div:first-child { background: #fff; color: #0a0a0a; }
.spark { margin-top: 10px; }
.tabs { display: flex; justify-content: space-around; background: #fff; border-top: 1px solid #e5e5e5; padding: 8px 0 18px; }
.tabs div { display: flex; flex-direction: column; align-items: center; gap: 4px; font-size: 9.5px; color: #737373; font-weight: 700; }
.tabs div i { width: 20px; height: 20px; border-radius: 6px; background: #d4d4d4; }
.tabs div.on { color: #0a0a0a; } .tabs div.on i { background: #0a0a0a; }
.net { font-size: 11px; color: #525252; margin: -8px 0 12px; display: flex; align-items: center; gap: 6px; }
.net i { width: 8px; height: 8px; border-radius: 99px; background: #10b981; }
`;

const frame = (t, activeTab, body) => `<!doctype html><html><head><meta charset="utf-8"><style>${css}</style></head><body>
<div class="screen"><div class="status"><span>9:41</span><span><i></i><i></i><i style="width:22px"></i></span></div>
<div class="content">${body}</div>
<div class="tabs">${t.tabs.map((x, i) => `<div class="${i === activeTab ? 'on' : ''}"><i></i>${esc(x)}</div>`).join('')}</div>
</div></body></html>`;

const chg = (s) => `<span class="${s.startsWith('-') ? 'down' : 'up'}">${esc(s)}</span>`;

const screens = {
  'smart-savings': (t) => {
    const s = t.savings;
    return frame(
      t,
      0,
      `<h1>${esc(s.title)}</h1>
<div class="card"><small>${esc(s.balanceLabel)}</small><div class="big">${esc(s.balance)}</div><div class="pill">${esc(s.delta)}</div>
<div class="row2"><div class="btn green">${esc(s.actions[0])}</div><div class="btn light">${esc(s.actions[1])}</div></div></div>
<h2>${esc(s.goalsTitle)}</h2>
<div class="panel">${s.goals.map(([n, a, p]) => `<div class="goal"><div class="top"><b>${esc(n)}</b><span>${p}%</span></div><div class="top" style="margin-top:3px"><span>${esc(a)}</span></div><div class="bar"><i style="width:${p}%"></i></div></div>`).join('')}</div>
<h2>${esc(s.activityTitle)}</h2>
<div class="panel">${s.activity.map(([n, d, v]) => `<div class="item"><div class="logo" style="background:#059669">+</div><div class="name"><b>${esc(n)}</b><span>${esc(d)}</span></div><div class="val up">${esc(v)}</div></div>`).join('')}</div>`,
    );
  },
  'global-investing': (t) => {
    const s = t.investing;
    const spark = `<svg class="spark" viewBox="0 0 240 44" width="100%" height="44"><path d="M0 36 L20 32 L40 34 L60 26 L80 28 L100 20 L120 23 L140 15 L160 18 L180 10 L200 13 L220 6 L240 8" fill="none" stroke="#34d399" stroke-width="2.5" stroke-linejoin="round"/></svg>`;
    return frame(
      t,
      1,
      `<h1>${esc(s.title)}</h1>
<div class="card"><small>${esc(s.valueLabel)}</small><div class="big">${esc(s.value)}</div><div class="pill">${esc(s.delta)}</div>${spark}</div>
<div class="seg">${s.segments.map((x) => `<div>${esc(x)}</div>`).join('')}</div>
<div class="panel" style="margin-top:10px">${s.rows.map(([sym, n, p, c], i) => `<div class="item"><div class="logo" style="background:${['#111827', '#76b900', '#9b1c1c', '#0078d4', '#ff9900'][i]}">${esc(sym)}</div><div class="name"><b>${esc(sym)}</b><span>${esc(n)}</span></div><div class="val">${esc(p)}${chg(c)}</div></div>`).join('')}</div>
<div class="row2"><div class="btn dark">${esc(s.cta)}</div></div>`,
    );
  },
  'crypto-investing': (t) => {
    const s = t.crypto;
    return frame(
      t,
      2,
      `<h1>${esc(s.title)}</h1>
<div class="net"><i></i>${esc(s.network)}</div>
<div class="card"><small>${esc(s.balanceLabel)}</small><div class="big">${esc(s.balance)}</div>
<div class="row2"><div class="btn green">${esc(s.actions[0])}</div><div class="btn light">${esc(s.actions[1])}</div><div class="btn light">${esc(s.actions[2])}</div></div></div>
<h2>${esc(s.assetsTitle)}</h2>
<div class="panel">${s.rows.map(([sym, n, b, v, color]) => `<div class="item"><div class="logo" style="background:${color}">${esc(sym)}</div><div class="name"><b>${esc(n)}</b><span>${esc(b)}</span></div><div class="val">${esc(v)}</div></div>`).join('')}</div>`,
    );
  },
};

// PNG bytes -> WebP bytes with Chromium's own encoder (no image library needed).
async function toWebp(page, png, quality) {
  const dataUrl = await page.evaluate(
    async ({ b64, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      c.getContext('2d').drawImage(img, 0, 0);
      return c.toDataURL('image/webp', quality);
    },
    { b64: png.toString('base64'), quality },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

// A .ico file holding one PNG image (valid since Windows Vista; every browser reads it).
function pngToIco(png, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt8(0, 8);
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS,
});
try {
  const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: SCALE });
  for (const lang of Object.keys(copy)) {
    mkdirSync(`public/images/landing/${lang}`, { recursive: true });
    for (const [name, render] of Object.entries(screens)) {
      await page.setContent(render(copy[lang]));
      const png = await page.screenshot({ type: 'png' });
      const webp = await toWebp(page, png, 0.8);
      const out = `public/images/landing/${lang}/${name}.webp`;
      writeFileSync(out, webp);
      console.log(`${out}  ${(webp.length / 1024).toFixed(1)} KB`);
    }
  }

  const svg = readFileSync('public/favicon.svg', 'utf8');
  const icon = async (size, padded) => {
    const p = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    // The touch icon is full-bleed (the OS rounds the corners); the favicon keeps its own shape.
    const inner = padded ? svg.replace('rx="8"', 'rx="0"') : svg;
    await p.setContent(`<style>*{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${inner}`);
    const png = await p.screenshot({ type: 'png', omitBackground: true });
    await p.close();
    return png;
  };
  writeFileSync('public/favicon.ico', pngToIco(await icon(32, false), 32));
  writeFileSync('public/apple-touch-icon.png', await icon(180, true));
  console.log('public/favicon.ico, public/apple-touch-icon.png');
} finally {
  await browser.close();
}
