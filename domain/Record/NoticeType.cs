namespace Prison.Domain.Record;

public enum NoticeType
{
    Other,
    AssaultOnStaff,
    AssaultOnPrisoner,
    Weapon,
    MobilePhone,
    Drugs,
    Threat,
    HostageTaking,
}
