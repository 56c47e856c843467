/// How a declared item relates to the item with its ID in the previous collection.
@usableFromInline enum ItemMatch {
  /// Same kind, same template, equal content: nothing to do.
  case same
  /// Same kind, other content or another template: reconfigure the host.
  case changed
  /// Another kind: the host cannot show it; delete and insert the item.
  case replaced
}
