/* The effect form on a card's page (cards/templates/cards/_effect_form.html): shows only
   the parameters the chosen effect key takes and, in a select, only the values that key
   allows. Each field and each value names its keys in data-keys; without this script
   every field shows, each saying which keys take it. A hidden field is disabled too, so
   the form sends only what is shown. */
(function () {
  "use strict";

  function takenBy(element, key) {
    return key !== "" && element.getAttribute("data-keys").split(" ").indexOf(key) !== -1;
  }

  function showKey(form) {
    var key = form.elements.effect_key.value;
    form.querySelectorAll(".param[data-keys]").forEach(function (box) {
      var shown = takenBy(box, key);
      box.hidden = !shown;
      box.querySelectorAll("input, select, textarea").forEach(function (input) {
        input.disabled = !shown;
      });
    });
    form.querySelectorAll("option[data-keys]").forEach(function (option) {
      // A value already chosen stays, so that the check can say why it does not fit.
      var allowed = option.selected || takenBy(option, key);
      option.hidden = !allowed;
      option.disabled = !allowed;
    });
    var doc = document.getElementById("effect-key-doc");
    if (doc) {
      var vocabulary = doc.getAttribute("data-vocabulary");
      doc.href = key ? vocabulary + "#key-" + encodeURIComponent(key) : vocabulary;
      doc.textContent = key ? "What " + key + " does and takes" : "What each key does and takes";
    }
  }

  function setUp() {
    var form = document.getElementById("effect-form");
    if (!form) {
      return;
    }
    form.classList.add("by-key");
    form.elements.effect_key.addEventListener("change", function () {
      showKey(form);
    });
    showKey(form);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUp);
  } else {
    setUp();
  }
})();
