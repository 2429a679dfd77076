// The arrow keys step through a replay (Home and End: its first and last step) by following the page's own links.
document.addEventListener("keydown", function (event) {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
    return;
  }
  var rel = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[event.key];
  var link = rel && document.querySelector('nav.steps a[rel="' + rel + '"]');
  if (link) {
    event.preventDefault();
    link.click();
  }
});
