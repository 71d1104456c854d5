// What other features may use of this one.
export { repliesOf } from './thread';
