//! `/help`, from the command table: a head line, each command's lines (its
//! own, with examples, or its name in the reader's language and its
//! description), a tail line.

use super::spec::{HelpLine, Menu};
use super::table::COMMANDS;
use crate::core::i18n::{Catalog, Lang};

/// The general help in `lang`.
pub fn help_text(catalog: &Catalog, lang: Lang) -> String {
    let mut lines = vec![catalog.get(lang, "help-head", None)];
    for c in COMMANDS.iter().filter(|c| c.menu != Menu::Hidden) {
        match c.about.help {
            HelpLine::Own(id) => lines.push(catalog.get(lang, id, None)),
            HelpLine::Desc => lines.push(format!(
                "/{} — {}",
                c.aliases.name_in(lang),
                catalog.get(lang, c.about.desc, None)
            )),
            HelpLine::Within => {}
        }
    }
    lines.push(catalog.get(lang, "help-tail", None));
    lines.join("\n")
}
