// What other features use of lanes: the Settings tab, the money lines' rule sources and assumed mark,
// and the link to a lane's card.
export { LanesTab } from './components/lanes-tab';
export { LaneName } from './components/lane-card';
export { AssumedMark, RuleSource } from './components/rule-source';
export { laneAnchor, laneHref } from './lane-link';
