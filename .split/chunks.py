import re,sys,json
def chunks(lines, indent):
    """split lines into items separated by blank lines at given indent; name each by its fn/struct/etc"""
    out=[];cur=[]
    for l in lines:
        if l.strip()=="" and cur:
            # a blank line ends an item if the item is balanced at this indent
            last=cur[-1]
            if last.startswith(indent+"}") or last.startswith(indent+")") or (last.startswith(indent) and not last.startswith(indent+" ") and last.rstrip().endswith(";")):
                out.append(cur);cur=[];continue
        cur.append(l)
    if cur: out.append(cur)
    res=[]
    for c in out:
        name=None
        for l in c:
            m=re.match(r'\s*(?:pub(?:\([a-z]+\))? )?(?:async )?(?:fn|struct|enum|impl|const|type|mod|trait)\s+(?:<[^>]*>\s*)?([A-Za-z_][A-Za-z_0-9]*(?:\s+for\s+[A-Za-z_]+)?)',l)
            if m: name=m.group(1);break
        res.append((name,c))
    return res
