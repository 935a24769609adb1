/* Old Internet Explorer cannot run the app. This classic script (ES3, no module syntax) is
   loaded before the app and, for IE (document.documentMode, or an MSIE / Trident user
   agent), shows a notice instead of a blank page. It is a file rather than an inline script
   so the server's Content-Security-Policy (script-src 'self') allows it. */
(function () {
  var ua = window.navigator.userAgent || "";
  var isOldIE = !!document.documentMode || ua.indexOf("MSIE ") > -1 || ua.indexOf("Trident/") > -1;
  if (!isOldIE) return;
  window.__INFRASCOUT_UNSUPPORTED__ = true;
  var root = document.getElementById("root");
  if (!root) return;
  root.innerHTML =
    '<div id="unsupported-browser" style="font-family:Arial,sans-serif;max-width:560px;margin:80px auto;padding:32px;border:1px solid #d9dee7;border-radius:12px;text-align:center;color:#0f2a3d">' +
    '<h1 style="font-size:24px;margin:0 0 12px">Your browser is not supported</h1>' +
    '<p style="font-size:16px;line-height:1.5;margin:0 0 16px">InfraScout does not work in Internet Explorer. Please open it in a recent version of Google Chrome, Microsoft Edge, Mozilla Firefox or Safari.</p>' +
    '<p style="font-size:14px;margin:0">Need help? <a href="mailto:support@infrascout.in">Contact support</a></p>' +
    "</div>";
})();
