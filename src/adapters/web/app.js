// The Telegram Mini App's page (issue 24): signs in with the initData
// Telegram hands the app, then goes to the page it opens
// (a game's, a puzzle's, a tournament's). No script of
// Telegram's is loaded (everything comes from this server): the data is
// `Telegram.WebApp.initData` when a host page provided it, else the
// `tgWebAppData` Telegram puts in the address's fragment. The server
// checks its signature; this script only passes it on.

const statusEl = document.querySelector('[data-role="status"]');

function initData() {
  const tg = window.Telegram && window.Telegram.WebApp;
  if (tg && typeof tg.initData === "string" && tg.initData) return tg.initData;
  const hash = new URLSearchParams(location.hash.slice(1));
  return hash.get("tgWebAppData") || "";
}

async function signIn() {
  let answer = null;
  let status = 0;
  try {
    const r = await fetch("/web/app/session", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ init_data: initData() }),
    });
    status = r.status;
    answer = await r.json().catch(() => null);
  } catch (e) {
    answer = null;
  }
  if (answer && answer.ok && typeof answer.url === "string" && /^\/web\/[gpt]\//.test(answer.url)) {
    location.replace(answer.url);
    return;
  }
  statusEl.textContent = (answer && answer.message) || `${status || ""}`;
  statusEl.classList.add("refused");
}

signIn();
