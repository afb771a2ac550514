// A part of the block drawn again only when one of its inputs changed (by identity): the stores'
// snapshots keep what did not change, so a search re-renders the filters and the tab bar, not
// every card of the list, and a list that only dims does not run its cards again (issue 31).
import { Component, type ComponentChildren } from 'preact';

export class Pure extends Component<{ deps: readonly unknown[]; children: () => ComponentChildren }> {
  override shouldComponentUpdate(next: Pure['props']) {
    return next.deps.length !== this.props.deps.length || next.deps.some((d, i) => d !== this.props.deps[i]);
  }
  override render() {
    return this.props.children();
  }
}
