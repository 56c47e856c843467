@testable import ActorStore
import Foundation
import Testing

/// The live file seam on a real directory: writes replace the file whole, through a temporary
/// file that does not outlive the write; a file moved aside keeps its bytes under a free name.
@Suite struct SharedFileSystemTests {
  private func makeDirectory() throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID())").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    return directory
  }

  @Test func aWriteReplacesTheFileAndLeavesNoTemporaryFile() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/nested/meetings.json"
    let files = SharedFileSystem.live
    #expect(try files.read(path) == nil)
    try files.write(Array("first".utf8), path)
    try files.write(Array("second, longer".utf8), path)
    #expect(try files.read(path) == Array("second, longer".utf8))
    #expect(try FileManager.default.contentsOfDirectory(atPath: "\(directory)/nested") == ["meetings.json"])
  }

  @Test func movingAsideKeepsTheBytesUnderAFreeName() throws {
    let directory = try makeDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = "\(directory)/settings.json"
    let files = SharedFileSystem.live
    try files.write(Array("bad".utf8), path)
    #expect(try files.moveAside(path) == "\(path).undecodable")
    try files.write(Array("worse".utf8), path)
    #expect(try files.moveAside(path) == "\(path).undecodable-2")
    #expect(try files.read("\(path).undecodable") == Array("bad".utf8))
    #expect(try files.read("\(path).undecodable-2") == Array("worse".utf8))
    #expect(try files.read(path) == nil)
  }
}
