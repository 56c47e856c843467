// Stub of the ObjectiveC module: the root class and protocol that Foundation, XCTest and UIKit
// re-export. Without Objective-C interop here, they are plain Swift types.
public protocol NSObjectProtocol: AnyObject {}
open class NSObject: NSObjectProtocol {
  public init() {}
}
