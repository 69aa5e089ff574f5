// Runs before the app loads. Applies the stored theme, so no wrong theme flashes (the app keeps
// `swell.theme` equal to the active theme), and on Home preloads the Home screen's scripts that
// the build names in <meta name="swell-home-chunks">, in parallel with the app's entry. Kept
// tiny: the build puts it inline (build/home-preload.ts), allowed by its hash in the CSP.
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
  var meta = document.querySelector('meta[name="swell-home-chunks"]');
  if (meta && /^\/(home\/?)?$/.test(location.pathname)) {
    meta
      .getAttribute('content')
      .split(' ')
      .forEach(function (href) {
        if (!href) return;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.crossOrigin = '';
        document.head.appendChild(link);
      });
  }
})();
