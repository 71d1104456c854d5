// What other features use of lanes: the Settings tab, the money lines' rule sources and assumed mark,
// the link to a lane's card, a starting rate card in words (the welcome question), and the source-ships
// note (orders show it where an order meets that route).
export { LanesTab } from './components/lanes-tab';
export { LaneName } from './components/lane-card';
export { AssumedMark, RuleSource } from './components/rule-source';
export { laneAnchor, laneHref } from './lane-link';
export { StartingCardText } from './components/starting-card';
export { SourceShipsNote } from './components/source-ships-note';
