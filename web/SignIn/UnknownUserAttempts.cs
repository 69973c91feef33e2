namespace Prison.Web.SignIn;

/// <summary>Wrong passwords given for a name no account has, as an account would count them.</summary>
public sealed record UnknownUserAttempts(int Failed, DateTimeOffset? LockedUntil);
