// What other features use of lanes: the Settings tab, the money lines' rule sources and assumed mark,
// the link to a lane's card, and a starting rate card in words (the welcome question).
export { LanesTab } from './components/lanes-tab';
export { LaneName } from './components/lane-card';
export { AssumedMark, RuleSource } from './components/rule-source';
export { laneAnchor, laneHref } from './lane-link';
export { StartingCardText } from './components/starting-card';
