/// Unbuffered writes to file descriptor 2, without Foundation.
enum StandardError {
  static func emit(_ text: String) {
    FileOutput.write(text, to: 2, name: "standard error")
  }
}
