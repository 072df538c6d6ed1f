//! The PDN pack format: one game per puzzle — the `[FEN]` start, the
//! solution as the main line, accepted alternatives as variations, and tags
//! for the rating estimate and the themes.

use super::{Node, Puzzle, PuzzleRules, Step, Theme};
use crate::pdn::{push_movetext, PdnGame, PdnMove};
use crate::position::{Color, Position};
use crate::rules::start;
use crate::square::Shape;

impl Puzzle {
    /// Read a Russian puzzle written by [`Puzzle::to_pdn`] (any rule set:
    /// [`Puzzle::from_pdn_in`]).
    pub fn from_pdn(game: &PdnGame) -> Result<Puzzle, String> {
        Puzzle::from_pdn_in(game)
    }
}

impl<R: PuzzleRules> Puzzle<R> {
    /// The solution in move-number notation, alternatives in parentheses:
    /// `1. c3-b4 a5:c3 2. d2:b4:d6 (2. …)`.
    pub fn solution_text(&self) -> String {
        let mut tokens = Vec::new();
        movetext(&node_line(&self.root), self.solver(), 0, true, &mut tokens);
        tokens.join(" ")
    }

    /// Read a puzzle of `R` written by [`Puzzle::to_pdn`]. A `GameType`
    /// tag, if present, must be the rule set's.
    pub fn from_pdn_in(game: &PdnGame) -> Result<Puzzle<R>, String> {
        let start = start_of::<R>(game)?;
        let root = read_node::<R>(&start, &game.moves, 1)?;
        let num = |k: &str| game.tag(k).and_then(|v| v.trim().parse::<i64>().ok());
        let themes = game
            .tag("Themes")
            .unwrap_or("")
            .split_whitespace()
            .filter_map(Theme::from_key)
            .collect();
        Ok(Puzzle {
            start,
            root,
            rating: num("PuzzleRating").unwrap_or(1500) as i32,
            difficulty: num("Difficulty").unwrap_or(3).clamp(1, 5) as u8,
            depth_needed: num("DepthNeeded").unwrap_or(0) as u32,
            themes,
        })
    }

    /// The puzzle as one PDN game; `number` goes into the Round tag.
    pub fn to_pdn(&self, number: usize) -> String {
        let solver = match self.solver() {
            Color::White => "White",
            Color::Black => "Black",
        };
        let result = match self.solver() {
            Color::White => "2-0",
            Color::Black => "0-2",
        };
        let themes: Vec<&str> = self.themes.iter().map(|t| t.key()).collect();
        let mut out = String::new();
        out.push_str("[Event \"shashki puzzle\"]\n");
        out.push_str(&format!("[Round \"{number}\"]\n"));
        out.push_str(&format!("[PuzzleId \"{}\"]\n", self.id()));
        out.push_str(&format!("[ToMove \"{solver}\"]\n"));
        out.push_str(&format!("[PuzzleRating \"{}\"]\n", self.rating));
        out.push_str(&format!("[Difficulty \"{}\"]\n", self.difficulty));
        out.push_str(&format!("[DepthNeeded \"{}\"]\n", self.depth_needed));
        out.push_str(&format!("[Themes \"{}\"]\n", themes.join(" ")));
        out.push_str(&format!("[GameType \"{}\"]\n", R::GAME_TYPE));
        out.push_str(&format!("[FEN \"{}\"]\n", R::fen(&self.start)));
        out.push_str(&format!("[Result \"{result}\"]\n\n"));
        let moves = node_line(&self.root);
        let mut tokens = Vec::new();
        movetext(&moves, self.solver(), 0, true, &mut tokens);
        tokens.push(result.to_string());
        push_movetext(&mut out, &tokens);
        out.push('\n');
        out
    }
}

/// The start of a PDN game of `R`: its `[FEN]`, or the start position. A
/// `GameType` tag, if present, must be the rule set's.
fn start_of<R: PuzzleRules>(game: &PdnGame) -> Result<Position<R::Shape>, String> {
    if let Some(t) = game.tag("GameType") {
        let code = t.split(',').next().unwrap_or("").trim();
        if code.parse::<u32>().ok() != Some(R::GAME_TYPE) {
            return Err(format!(
                "GameType {t} is not {} ({})",
                R::GAME_TYPE,
                R::NAME
            ));
        }
    }
    match game.tag("FEN") {
        Some(f) => R::read_fen(f).map_err(|e| format!("bad FEN tag: {e}")),
        None => Ok(start::<R>()),
    }
}

/// Every position of the main line of a PDN game of `R` (from its `[FEN]`
/// or the start, the last position included), for mining games.
pub fn game_positions<R: PuzzleRules>(game: &PdnGame) -> Result<Vec<Position<R::Shape>>, String> {
    let mut pos = start_of::<R>(game)?;
    let mut out = vec![pos];
    for (i, m) in game.moves.iter().enumerate() {
        let mv = R::read_move(&pos, &m.text).map_err(|e| format!("half-move {}: {e}", i + 1))?;
        pos = pos.make(&mv);
        out.push(pos);
    }
    Ok(out)
}

/// The PDN moves of a node: the main step, alternatives as variations.
fn node_line<S: Shape>(node: &Node<S>) -> Vec<PdnMove> {
    let step_line = |s: &Step<S>| -> Vec<PdnMove> {
        let mut v = vec![PdnMove {
            text: s.mv.to_string(),
            annotation: None,
            variations: Vec::new(),
        }];
        if let Some((r, n)) = &s.reply {
            v.push(PdnMove {
                text: r.to_string(),
                annotation: None,
                variations: Vec::new(),
            });
            v.extend(node_line(n));
        }
        v
    };
    let mut line = step_line(&node.steps[0]);
    for alt in &node.steps[1..] {
        line[0].variations.push(step_line(alt));
    }
    line
}

fn movetext(moves: &[PdnMove], first: Color, ply0: usize, numbered: bool, out: &mut Vec<String>) {
    let mut need_number = numbered;
    for (i, m) in moves.iter().enumerate() {
        let ply = ply0 + i;
        let offset = ply + usize::from(first == Color::Black);
        let n = offset / 2 + 1;
        let black = offset % 2 == 1;
        if !black {
            out.push(format!("{n}."));
        } else if need_number {
            out.push(format!("{n}..."));
        }
        need_number = false;
        out.push(m.text.clone());
        for v in &m.variations {
            let mut inner = Vec::new();
            movetext(v, first, ply, true, &mut inner);
            if let Some(f) = inner.first_mut() {
                f.insert(0, '(');
            }
            if let Some(l) = inner.last_mut() {
                l.push(')');
            }
            out.extend(inner);
            need_number = true;
        }
    }
}

/// Rebuild a node from PDN: `line` starts with a solver move.
fn read_node<R: PuzzleRules>(
    pos: &Position<R::Shape>,
    line: &[PdnMove],
    ply: usize,
) -> Result<Node<R::Shape>, String> {
    let Some(first) = line.first() else {
        return Err(format!("half-move {ply}: the line is empty"));
    };
    let mut steps = vec![read_step::<R>(pos, line, ply)?];
    for v in &first.variations {
        steps.push(read_step::<R>(pos, v, ply)?);
    }
    Ok(Node { steps })
}

fn read_step<R: PuzzleRules>(
    pos: &Position<R::Shape>,
    line: &[PdnMove],
    ply: usize,
) -> Result<Step<R::Shape>, String> {
    let mv = R::read_move(pos, &line[0].text).map_err(|e| format!("half-move {ply}: {e}"))?;
    let after = pos.make(&mv);
    let reply = match line.get(1) {
        None => None,
        Some(r) => {
            let rmv =
                R::read_move(&after, &r.text).map_err(|e| format!("half-move {}: {e}", ply + 1))?;
            let next = after.make(&rmv);
            let node = read_node::<R>(&next, &line[2..], ply + 2)?;
            Some((rmv, node))
        }
    };
    Ok(Step { mv, reply })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::pdn::parse_pdn;
    use crate::puzzle::{judge, walk, Answer};

    #[test]
    fn writes_and_reads_a_tree_with_alternatives() {
        let start = Position::from_fen("W:Wc3,d2,g3:Ba5,c5,e7,h8").unwrap();
        let m = |p: &Position, t: &str| parse_move(p, t).unwrap();
        let a = m(&start, "c3-b4");
        let p1 = start.make(&a);
        let r = m(&p1, "c5:a3");
        let p2 = p1.make(&r);
        let fin = p2.legal_moves()[0];
        let alt = m(&start, "c3-d4");
        let q1 = start.make(&alt);
        let rr = q1.legal_moves()[0];
        let q2 = q1.make(&rr);
        let fin2 = q2.legal_moves()[0];
        let puzzle = Puzzle {
            start,
            root: Node {
                steps: vec![
                    Step {
                        mv: a,
                        reply: Some((
                            r,
                            Node {
                                steps: vec![Step {
                                    mv: fin,
                                    reply: None,
                                }],
                            },
                        )),
                    },
                    Step {
                        mv: alt,
                        reply: Some((
                            rr,
                            Node {
                                steps: vec![Step {
                                    mv: fin2,
                                    reply: None,
                                }],
                            },
                        )),
                    },
                ],
            },
            rating: 1234,
            difficulty: 2,
            depth_needed: 5,
            themes: vec![Theme::Shot, Theme::MultiCapture],
        };
        let text = puzzle.to_pdn(7);
        assert!(text.contains("[FEN \"W:W"), "{text}");
        assert!(text.contains("1. c3-b4 (1. c3-d4"), "{text}");
        let g = &parse_pdn(&text).unwrap()[0];
        let back = Puzzle::from_pdn(g).unwrap();
        assert_eq!(back, puzzle);
        assert_eq!(back.solver_moves(), 2);
        assert!(matches!(judge(&back.root, &alt), Answer::Continue { .. }));
        let wrong = start
            .legal_moves()
            .into_iter()
            .find(|x| *x != a && *x != alt)
            .unwrap();
        assert_eq!(judge(&back.root, &wrong), Answer::Wrong);
        let (pos, node) = walk(&back, &[a, r]).unwrap();
        assert_eq!(pos, p2);
        assert_eq!(judge(node, &fin), Answer::Solved);
    }

    #[test]
    fn black_to_move_numbers() {
        let mut tokens = Vec::new();
        let mv = |t: &str| PdnMove {
            text: t.into(),
            annotation: None,
            variations: Vec::new(),
        };
        let mut first = mv("a");
        first.variations.push(vec![mv("x"), mv("y")]);
        movetext(
            &[first, mv("b"), mv("c")],
            Color::Black,
            0,
            true,
            &mut tokens,
        );
        assert_eq!(tokens.join(" "), "1... a (1... x 2. y) 2. b c");
    }
}
