import ActorStore
import Foundation
import Testing

private struct Todo: Codable, Identifiable, Equatable, Sendable {
  var id: Int
  var title: String
  var done: Bool
}

private struct Screen: Codable, Equatable, Sendable {
  var todos: IdentifiedArrayOf<Todo>
}

/// `IdentifiedArray` encodes as a plain array and decodes one back, rejecting duplicate ids;
/// checked over many random arrays.
@Suite struct IdentifiedArrayCodableTests {
  /// `count` todos with distinct random ids, in random order.
  private static func randomTodos(_ count: Int, _ generator: inout SplitMix64) -> [Todo] {
    var ids = Set<Int>()
    while ids.count < count { ids.insert(Int(generator.next() % 10_000)) }
    return ids.shuffled(using: &generator).map { id in
      Todo(id: id, title: "todo \(generator.next() % 100)", done: generator.next() % 2 == 0)
    }
  }

  private static let sizes = [0, 1, 2, 3, 7, 64, 511, 512, 513, 1_500]

  @Test func roundTripsAndEncodesAsAPlainArray() throws {
    var generator = SplitMix64(state: 0xC0DE)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    for round in 0..<200 {
      let todos = Self.randomTodos(Self.sizes[round % Self.sizes.count], &generator)
      let array = IdentifiedArrayOf<Todo>(uniqueElements: todos)
      let data = try encoder.encode(array)
      #expect(data == (try encoder.encode(todos)), "round \(round)")
      let decoded = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
      #expect(decoded == array, "round \(round)")
      #expect(Array(decoded.ids) == todos.map(\.id), "round \(round)")
    }
  }

  @Test func decodingRejectsADuplicateIdNamingItAndItsOffsets() throws {
    var generator = SplitMix64(state: 0xD0B1E)
    for round in 0..<200 {
      var todos = Self.randomTodos(1 + round % 40, &generator)
      let first = Int(generator.next() % UInt64(todos.count))
      let second = first + 1 + Int(generator.next() % UInt64(todos.count - first))
      var copy = todos[first]
      copy.title = "copy"
      todos.insert(copy, at: second)
      let data = try JSONEncoder().encode(todos)
      do {
        _ = try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data)
        Issue.record("round \(round): decoded a duplicate id")
      } catch DecodingError.dataCorrupted(let context) {
        #expect(context.debugDescription == "Duplicate id \(copy.id) at offsets \(first) and \(second)")
        #expect(context.codingPath.map(\.intValue) == [second])
      }
    }
  }

  @Test func nestedInAKeyedContainer() throws {
    let screen = Screen(todos: [Todo(id: 1, title: "a", done: false), Todo(id: 2, title: "b", done: true)])
    let data = try JSONEncoder().encode(screen)
    #expect(try JSONDecoder().decode(Screen.self, from: data) == screen)

    let duplicated = Data(#"{"todos":[{"id":1,"title":"a","done":false},{"id":1,"title":"b","done":true}]}"#.utf8)
    do {
      _ = try JSONDecoder().decode(Screen.self, from: duplicated)
      Issue.record("decoded a duplicate id")
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription == "Duplicate id 1 at offsets 0 and 1")
      #expect(context.codingPath.map(\.stringValue) == ["todos", "Index 1"])
    }
  }

  @Test func anElementThatFailsToDecodeFailsTheArray() {
    let data = Data(#"[{"id":1,"title":"a","done":false},{"id":"two"}]"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: data) }
  }
}
