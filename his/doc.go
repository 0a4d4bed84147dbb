// Package his is the Here I Stand rules engine (500th Anniversary edition,
// with the earlier edition of the project's source documents as a setting).
// It implements game.Rules and does no I/O; the rules it follows are
// ../shared/his/RULES.md, and section numbers in comments (§18.5, ruling R8)
// refer to it.
//
// # Design
//
// Static facts (spaces, seas, leaders, debaters, cards, rulers, the 1517
// setup) are loaded once from the embedded hisdata.json into tables indexed
// by small integers: SpaceID, SeaID, leader, debater and card indices, Power
// (majors 0–5 in Impulse Order, minors 6–9, Independent 10). The State holds
// only what changes, in fixed arrays (units per space per power as five
// byte counters, wars and alliances as bit sets), so that a Clone is a few
// slice copies and procedures change the state in place.
//
// Every decision a power owes is a Decision on the state's stack; the
// procedures (StartDebate, the Diplomacy, Winter and New World Phases) are
// state machines kept in the state (Debate, Diplo, Winter, NWPhase) that
// run until they need a decision and resume when Apply answers it. Handlers check an
// action completely before they change anything, so a refused action leaves
// the state as it was. All randomness comes from the state's game.RNG (or
// from scripted dice and picks, for tests and tools).
//
// # Simplifications (documented choices)
//
//   - Cards (cards.go and the cards_*.go families): every card of the main
//     deck is built — events, Response and Combat cards in their windows,
//     the Spring Deployment and Diplomacy Phase uses, and the 2-player
//     variant's diplomatic cards (twoplayer.go, cards_diplomatic.go). A window asks every seat that could play
//     one of its cards on public information (option responses=holders:
//     only the holders). CARDS.md's window "after any action" is not opened
//     on its own: its cards are offered in the windows that open and as
//     impulse events. A war begun in the Action Phase (Six Wives,
//     Machiavelli, minor activations, the Schmalkaldic League, Hungary's
//     defeat) starts an immediate naval combat in each sea zone where the
//     new enemies' fleets meet, the active power attacking; on equal hits
//     both sides retreat (ruling D4, naval.go warNavalBattles); a foreign war's battle
//     opens no window, but the Ottoman may add Janissaries' dice after the
//     rolls (decision war.janissaries).
//   - Units are counts; the piece-denomination rule of §5.2 is never
//     binding. The counter mix (State.Mix) is enforced wherever units are
//     placed, but the reference data lacks its numbers: only the limits the
//     rules state are set (no Ottoman mercenaries, no Protestant or Hungarian
//     squadrons, cavalry and corsairs Ottoman only); others are Unlimited.
//     Naval units on the Turn Track count as used until the next Card Draw
//     when units are built.
//   - Displacement (§12.5) sends units to the nearest fortified space their
//     power controls, lowest index on a tie, without asking the owner.
//   - Peace Step 7 pairs the loser's non-key home spaces in map order.
//   - Winter: a land stack may be split across destinations one group at a
//     time; a naval stack goes whole to one port; the Protestant's units do
//     not move before the Schmalkaldic League (§21.6: it may not move).
//   - Deals carry their owners' choices inside the deal (which mercenaries,
//     the receiving electorate, the return space of a freed leader, the
//     port a loan sails to).
//   - Naval affairs (naval*.go, docs/his.md "Action Phase: naval
//     affairs"): a Naval Move is a series of group orders executed at once;
//     a location where the active side lost a naval combat is barred as a
//     whole; the active side's losses fall on the major's own ships first;
//     a naval transport's landing is a Move from the port of embarkation
//     (interception, avoid battle, withdrawal, battle, siege, relief); a
//     transported force beaten there, or blocked before an enemy fortress
//     it cannot besiege and not moving on, is eliminated (no retreat by
//     sea); leaders do not sail alone; the Knights of St. John are
//     Rhodes while it is independent.
//   - Assaults, Control Unfortified Space, unrest removal and unit
//     construction (assault.go, control.go, build.go): docs/his.md lists
//     each action's simplifications.
//   - Land movement and field battles (move.go, battle.go): "lost a battle" (free avoid
//     battle) and "one interception per impulse" are kept per space and
//     power, carried along by retreats and avoid battle; the active power's
//     beaten formations are counted per space (Act.Defeated), for moves
//     and naval transports alike.
//   - In Reformation and Counter Reformation attempts an aligned stack
//     counts once per space; a debater's bonus die is offered at the first
//     target it fits and then counts for the rest of the series; a
//     translator's free box comes with a paid translation step. Spring
//     Deployment lacks its two cards.
//   - The New World (§20, newworld.go; its cards in cards_newworld.go):
//     Colonial Governor and Native Uprising convert every No Effect of their
//     power (colonies and conquests).
package his
