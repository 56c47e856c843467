import Glibc

// Everything lives in StressCommand, so that the tests run the same code in-process.
let status = await StressCommand.run(arguments: Array(CommandLine.arguments.dropFirst()), console: StandardConsole())
exit(status.rawValue)
