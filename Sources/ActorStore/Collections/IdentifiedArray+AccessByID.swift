extension IdentifiedArray {
  /// Whether an element has `id`. O(1).
  /// - Parameter id: The id to look for.
  /// - Returns: `true` when an element has `id`.
  @inlinable
  public func contains(id: ID) -> Bool {
    order.slot(of: id) != nil
  }

  /// The position of the element with `id`. O(B).
  /// - Parameter id: The id to look for.
  /// - Returns: The element's index, or `nil` when no element has `id`.
  @inlinable
  public func index(id: ID) -> Int? {
    order.slot(of: id).map(order.position(ofSlot:))
  }

  /// The element with `id`. O(1).
  ///
  /// - Get: the element, or `nil` when none has `id`.
  /// - Set a value: replaces the element with `id` in place, or appends the value when none has
  ///   `id`. A value whose own id is not `id` is reported as an issue and the array is left
  ///   unchanged.
  /// - Set `nil`: removes the element with `id`, if any.
  /// - Edit in place (`array[id: id]?.count += 1`): mutates the stored element without copying
  ///   it and without touching the ids or their order. An edit that changes the element's id
  ///   cannot be undone (the old value is gone), so it is reported as an issue and the element
  ///   stays at its position under its new id, or is dropped when another element already has
  ///   that id.
  /// - Parameter id: The id of the element.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      order.slot(of: id).flatMap { values[$0] }
    }
    set {
      assign(newValue, to: id)
    }
    _modify {
      if let slot = order.slot(of: id) {
        defer { settleEdit(ofSlot: slot, formerly: id) }
        yield &values[slot]
      } else {
        var added: Element? = nil
        defer { if added != nil { assign(added, to: id) } }
        yield &added
      }
    }
  }

  @inlinable
  mutating func assign(_ newValue: Element?, to id: ID) {
    guard let newValue else {
      remove(id: id)
      return
    }
    let newID = extractID(newValue)
    guard newID == id else {
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: the assigned element has id \(newID); the array is left \
        unchanged
        """)
      return
    }
    if let slot = order.slot(of: id) {
      values[slot] = newValue
    } else {
      append(newValue)
    }
  }

  /// Restores the invariants after an element was lent out for an in-place edit.
  @inlinable
  mutating func settleEdit(ofSlot slot: Int, formerly id: ID) {
    guard let element = values[slot] else {
      removeSlot(slot)
      return
    }
    let newID = extractID(element)
    if newID != id { settleIDChange(ofSlot: slot, from: id, to: newID) }
  }

  @usableFromInline
  mutating func settleIDChange(ofSlot slot: Int, from id: ID, to newID: ID) {
    if order.slot(of: newID) == nil {
      order.rekey(slot: slot, to: newID)
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: an in-place edit changed the element's id to \(newID); it \
        stays at index \(order.position(ofSlot: slot)) under its new id
        """)
    } else {
      reportIssue(
        """
        IdentifiedArray[id: \(id)]: an in-place edit changed the element's id to \(newID), \
        which another element already has; the edited element is dropped
        """)
      removeSlot(slot)
    }
  }

  /// What a lookup by ID reads, and nothing else: copying it retains two buffers where copying
  /// the whole array retains about ten (its order's tables). An element store's initial state is
  /// read through it, copied out of the parent's snapshot under the publisher's lock and looked
  /// up outside it, where hashing the app's ID belongs.
  @inlinable var lookupByID: LookupByID { LookupByID(slotOfID: order.slotOfID, values: values) }

  /// See ``lookupByID``.
  @usableFromInline struct LookupByID {
    @usableFromInline let slotOfID: [ID: Int32]
    @usableFromInline let values: ChunkedValues<Element>

    @inlinable init(slotOfID: [ID: Int32], values: ChunkedValues<Element>) {
      self.slotOfID = slotOfID
      self.values = values
    }

    /// The element with `id`, or `nil` when none has it.
    @inlinable subscript(id: ID) -> Element? { slotOfID[id].flatMap { values[Int($0)] } }
  }
}

extension IdentifiedArray.LookupByID: Sendable where Element: Sendable {}
