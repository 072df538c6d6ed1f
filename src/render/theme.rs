//! Board themes: the colours of the board, the pieces and the overlays.
//!
//! A chat picks its theme by name (`classic`, `contrast`); [`Theme::names`]
//! lists them for a settings menu and [`Theme::from_str`](std::str::FromStr)
//! parses what the user typed.

use std::fmt;
use std::str::FromStr;

/// An RGB colour.
pub(crate) type Rgb = [u8; 3];

/// A board theme, chosen per chat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Theme {
    /// Warm wooden board with ivory and ebony pieces and golden crowns.
    #[default]
    Classic,
    /// High contrast: white and black pieces with strong outlines on a
    /// blue and white board, bright yellow highlights. Made for small phone
    /// screens, sunlight and colour-blind players.
    Contrast,
}

impl Theme {
    /// Every theme, in menu order.
    pub const ALL: [Theme; 2] = [Theme::Classic, Theme::Contrast];

    /// The theme's name as typed in a chat command (`classic`, `contrast`).
    pub fn name(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Contrast => "contrast",
        }
    }

    /// The names of every theme, in menu order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        Theme::ALL.iter().map(|t| t.name())
    }

    /// A one-line description for a settings menu.
    pub fn description(self) -> &'static str {
        match self {
            Theme::Classic => "wooden board, ivory and ebony pieces",
            Theme::Contrast => "high contrast, for small screens and colour-blind players",
        }
    }

    pub(crate) fn palette(self) -> &'static Palette {
        match self {
            Theme::Classic => &CLASSIC,
            Theme::Contrast => &CONTRAST,
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error of parsing a theme name: says what was typed and what exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTheme(pub String);

impl fmt::Display for UnknownTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Theme::names().collect();
        write!(
            f,
            "unknown theme '{}' (themes: {})",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownTheme {}

impl FromStr for Theme {
    type Err = UnknownTheme;

    /// Case-insensitive; accepts a few aliases (`wood`, `wooden`,
    /// `high-contrast`, `hc`).
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" | "wood" | "wooden" => Ok(Theme::Classic),
            "contrast" | "high-contrast" | "highcontrast" | "hc" => Ok(Theme::Contrast),
            _ => Err(UnknownTheme(s.to_string())),
        }
    }
}

/// How one side's pieces look.
pub(crate) struct PieceStyle {
    pub body: Rgb,
    /// The thin outer edge of the disc.
    pub rim: Rgb,
    /// The ring groove on the top face.
    pub groove: Rgb,
    pub crown: Rgb,
    pub crown_outline: Rgb,
}

/// Every colour a theme needs.
pub(crate) struct Palette {
    pub frame: Rgb,
    /// The thin line between the frame and the squares.
    pub frame_edge: Rgb,
    pub coord: Rgb,
    pub light: Rgb,
    pub dark: Rgb,
    /// From and to squares of the last move.
    pub last: Rgb,
    /// The square of the piece the player selected.
    pub selected: Rgb,
    /// Legal destination dots: colour and opacity 0..=1.
    pub target: Rgb,
    pub target_alpha: f32,
    /// The capture path line and its outline.
    pub path: Rgb,
    pub path_outline: Rgb,
    /// The cross over a captured piece and its outline.
    pub mark: Rgb,
    pub mark_outline: Rgb,
    pub white: PieceStyle,
    pub black: PieceStyle,
    /// Strength of the top-left lighting on the pieces (0 = flat).
    pub shading: f32,
    /// Opacity of the pieces' drop shadow.
    pub shadow: f32,
    /// Opacity of a captured piece's ghost.
    pub ghost: f32,
}

pub(crate) static CLASSIC: Palette = Palette {
    frame: [0x5a, 0x38, 0x1f],
    frame_edge: [0x38, 0x22, 0x12],
    coord: [0xf3, 0xe0, 0xbd],
    light: [0xf0, 0xdb, 0xb7],
    dark: [0xb0, 0x7f, 0x55],
    last: [0xe3, 0xc3, 0x4f],
    selected: [0x8c, 0xb4, 0xdc],
    target: [0x2a, 0x1a, 0x0c],
    target_alpha: 0.42,
    path: [0x1d, 0x5c, 0xb8],
    path_outline: [0xf6, 0xee, 0xdc],
    mark: [0xd3, 0x1f, 0x26],
    mark_outline: [0xff, 0xff, 0xff],
    white: PieceStyle {
        body: [0xf4, 0xec, 0xda],
        rim: [0x6e, 0x52, 0x36],
        groove: [0xc9, 0xb9, 0x9a],
        crown: [0xdc, 0xa0, 0x18],
        crown_outline: [0x5e, 0x3e, 0x08],
    },
    black: PieceStyle {
        body: [0x36, 0x32, 0x2e],
        rim: [0x0c, 0x0b, 0x0a],
        groove: [0x1c, 0x1a, 0x18],
        crown: [0xe8, 0xb0, 0x2c],
        crown_outline: [0x14, 0x0e, 0x04],
    },
    shading: 1.0,
    shadow: 0.38,
    ghost: 0.42,
};

pub(crate) static CONTRAST: Palette = Palette {
    frame: [0x12, 0x12, 0x12],
    frame_edge: [0x00, 0x00, 0x00],
    coord: [0xff, 0xff, 0xff],
    light: [0xf4, 0xf4, 0xf4],
    dark: [0x35, 0x68, 0xa3],
    last: [0xff, 0xd2, 0x3f],
    selected: [0x7d, 0xe3, 0x6b],
    target: [0xff, 0xff, 0xff],
    target_alpha: 0.85,
    path: [0xff, 0x7a, 0x00],
    path_outline: [0x00, 0x00, 0x00],
    mark: [0xff, 0x30, 0x30],
    mark_outline: [0x00, 0x00, 0x00],
    white: PieceStyle {
        body: [0xff, 0xff, 0xff],
        rim: [0x00, 0x00, 0x00],
        groove: [0xa0, 0xa0, 0xa0],
        crown: [0xff, 0xb3, 0x00],
        crown_outline: [0x00, 0x00, 0x00],
    },
    black: PieceStyle {
        body: [0x14, 0x14, 0x14],
        rim: [0xff, 0xff, 0xff],
        groove: [0x60, 0x60, 0x60],
        crown: [0xff, 0xb3, 0x00],
        crown_outline: [0x00, 0x00, 0x00],
    },
    shading: 0.35,
    shadow: 0.30,
    ghost: 0.45,
};
