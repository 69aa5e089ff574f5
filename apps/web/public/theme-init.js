// Applies the stored theme before the app loads, so no wrong theme flashes. Kept tiny and
// external (CSP: script-src 'self'). The app keeps `swell.theme` equal to the active theme.
(function () {
  var t = null;
  try {
    t = localStorage.getItem('swell.theme');
  } catch {
    /* storage blocked */
  }
  var dark = { sunset: 1, midnight: 1 };
  if (!/^(sunset|sunrise|midnight|ice)$/.test(t || '')) t = 'sunrise';
  var root = document.documentElement;
  root.setAttribute('data-theme', t);
  root.style.colorScheme = dark[t] ? 'dark' : 'light';
})();
