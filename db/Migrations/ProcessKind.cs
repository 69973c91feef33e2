namespace Prison.Db.Migrations;

/// <summary>Which process a PostgreSQL role is granted for (<see cref="ApplicationRoleRights"/>): each may do what its work needs.</summary>
public enum ProcessKind
{
    /// <summary>One role for web, the worker and the command line alike (Database:ApplicationRole): the rights of all three.</summary>
    Every,

    /// <summary>Web (Database:WebRole): the pages, sign-in, the key ring, users, rules and their assemblies' approvals.</summary>
    Web,

    /// <summary>The worker's service (Database:WorkerRole): verdicts, runs, jobs, imports; no identity, no key ring.</summary>
    Worker,

    /// <summary>The worker's command line (Database:CommandLineRole): users, imports, runs and jobs; no key ring.</summary>
    CommandLine,
}
